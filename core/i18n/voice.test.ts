import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGAL_CONTENT_DIR } from '../company/legal.ts';
import { type Dictionary, flattenKeys, loadDictionaries } from './dictionaries.ts';
import { PARTICLE_FALLBACK } from './korean.ts';
import { LANGUAGES, type Lang } from './languages.ts';
import { isPluralNode } from './translate.ts';

/**
 * One voice per language (docs/VOICE.md): the words that show a text drifted out of its language's
 * register or terms. A match is a text to rewrite in the language's voice, not an exception to add.
 */
/** Whole words only, by Unicode letters (`\b` sees "ê" in "êtes" as a word boundary). */
const words = (...alternatives: string[]) =>
  new RegExp(`(?<![\\p{L}\\p{M}-])(?:${alternatives.join('|')})(?![\\p{L}\\p{M}])`, 'u');

const DRIFT: Partial<Record<Lang, RegExp>> = {
  // je, never u / uw ("24 u" is the hour).
  nl: /(?<!24 )\b(u|uw|Uw|U|uzelf)\b/,
  // tu, never Lei and its imperatives.
  it: words(
    'Lei',
    'Suo',
    'Sua',
    'Suoi',
    'Sue',
    'La preghiamo',
    '[Ii]nserisca',
    '[Ss]celga',
    '[Dd]esidera',
    '[Aa]ttenda',
    '[Vv]erifichi',
    '[Ss]egua',
    '[Ss]criva',
    '[Pp]rema',
  ),
  // tú, never usted; "tasa" for the rate, "billetera" for the wallet.
  es: words(
    '[Uu]sted',
    '[Ii]ntroduzca',
    '[Ee]lija',
    '[Ee]nvíe',
    '[Ii]nténtelo',
    '[Rr]evise',
    '[Pp]ulse',
    '[Cc]onsulte',
    'monedero',
    'monederos',
    '[Ww]allet',
    'tipo (fijo|flotante|variable|bloqueado)',
  ),
  // Brazilian Portuguese (hreflang pt-BR), never European forms.
  pt: words(
    'montantes?',
    'utilizador(es)?',
    'contacto',
    '[Cc]ontacte',
    'contactar',
    'equipa',
    'registo',
    'connosco',
    'consigo',
    'palavra-passe',
    '[Dd]efinições',
    '[Ii]ntroduza',
    'encomendas?',
    'ecrã',
    'telemóvel',
    'ficheiro',
    'est(á|ão|amos) a [a-z]+r',
    'A (carregar|guardar|enviar|aguardar|verificar|procurar|criar)',
    'Saltar',
    'monitorização',
    'subscrição',
    'fornecedor(es)?',
    'ligação',
    'Ligue',
    'encontrámos',
  ),
  // Sie, never du; "der Swap" is the noun for an exchange, never "der Tausch".
  de: words(
    'du',
    'dein',
    'deine',
    'deinen',
    'deinem',
    'deiner',
    'dich',
    'dir',
    'Tausch',
    'Tauschs',
    'Tausches',
    'Tauschvorgang',
    'Tauschvorgangs',
    'Tauschvorgänge',
    'Tauschvorgängen',
  ),
  // ty with a capitalised possessive (Twój), never Pan / Pani.
  pl: words(
    'Pan',
    'Pani',
    'Państwo',
    'Państwa',
    'twój',
    'twoja',
    'twoje',
    'twojego',
    'twoim',
    'twoich',
    'twoją',
    'twojej',
  ),
  fr: words('tu', 'toi', 'ton', 'ta', 'tes', 'tien', 'tienne'),
  ru: /(?<![а-яё])(ты|тебя|тебе|тобой|твой|твоя|твои|твоё|твоего|твоей|твоих)(?![а-яё])/i,
  uk: /(?<![а-яіїєґ'])(ти|тебе|тобі|тобою|твій|твоя|твої|твоє|твого|твоєї|твоїх)(?![а-яіїєґ'])/i,
  // The e-mail we answer to is "adresine" (dative).
  tr: /e-posta adresinden/,
  vi: /[Qq]uý khách/,
};

/** What a reader sees of a text: placeholders and inline tags are not words of the language. */
const visible = (text: string) => text.replace(/\{\{\w+\}\}/g, ' ').replace(/<\/?\w+>/g, ' ');

const dictionaries = loadDictionaries();

function texts(dictionary: Dictionary): [string, string][] {
  return flattenKeys(dictionary).flatMap((key) => {
    let node: string | Dictionary | undefined = dictionary;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string') return [[key, node]];
    return node && isPluralNode(node)
      ? Object.entries(node).map(([form, text]) => [`${key}.${form}`, text as string] as [string, string])
      : [];
  });
}

function legalTexts(lang: Lang): [string, string][] {
  const dir = join(LEGAL_CONTENT_DIR, lang);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .flatMap((file) =>
      readFileSync(join(dir, file), 'utf8')
        .split('\n')
        .map(
          (line, index) => [`${file}:${index + 1}`, line.replace(/\]\([^)]*\)/g, ']')] as [string, string],
        ),
    );
}

describe('one voice per language', () => {
  describe.each(LANGUAGES.filter((lang) => DRIFT[lang]))('%s', (lang) => {
    const drift = DRIFT[lang] as RegExp;

    it('has no drift word in its dictionary', () => {
      const drifted = texts(dictionaries.get(lang) as Dictionary)
        .filter(([, text]) => drift.test(visible(text)))
        .map(([key, text]) => `${key}: ${text}`);
      expect(drifted).toEqual([]);
    });

    it('has no drift word in its legal texts', () => {
      const drifted = legalTexts(lang)
        .filter(([, line]) => drift.test(line))
        .map(([where, line]) => `${where}: ${line.match(drift)?.[0]} in ${line.slice(0, 120)}`);
      expect(drifted).toEqual([]);
    });
  });

  it('writes Korean particle fallbacks only right after a value, where they are resolved', () => {
    const misplaced = texts(dictionaries.get('ko') as Dictionary).flatMap(([key, text]) =>
      [...text.matchAll(PARTICLE_FALLBACK)]
        .filter((match) => !/\}\}\)?$/.test(text.slice(0, match.index)))
        .map((match) => `${key}: ${match[0]} in ${text}`),
    );
    expect(misplaced).toEqual([]);
  });

  it('has no Korean particle fallback in a legal text', () => {
    const found = legalTexts('ko').filter(([, line]) => new RegExp(PARTICLE_FALLBACK.source).test(line));
    expect(found).toEqual([]);
  });
});
