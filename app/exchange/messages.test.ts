import { describe, expect, it } from 'vitest';
import { loadDictionaries } from '../../core/i18n/dictionaries.ts';
import { LANGUAGES, type Lang } from '../../core/i18n/languages.ts';
import { createI18n } from '../i18n/i18n.ts';
import { addressReason } from './messages.ts';

const dictionaries = loadDictionaries();
const t = (lang: Lang) => createI18n(lang, { [lang]: dictionaries.get(lang) ?? {} }).t;

type Node = string | { [key: string]: Node };

/** Every text of a dictionary section with its key. */
function texts(node: Node, prefix: string): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node).flatMap(([key, child]) => texts(child, `${prefix}.${key}`));
}

describe('address messages name the network in a sentence written for each language', () => {
  it('English asks for an address on the network, with no article glued before its name', () => {
    expect(addressReason(t('en'), 'network', 'Ethereum (ERC-20)')).toBe(
      'This address belongs to another network. Enter an address on the Ethereum (ERC-20) network.',
    );
    expect(addressReason(t('en'), 'network', 'Bitcoin')).not.toMatch(/\ban? Bitcoin\b/);
  });

  it('no exchange text puts an article or a compound hyphen against a name filled in by code', () => {
    for (const lang of LANGUAGES) {
      const exchange = (dictionaries.get(lang) as Record<string, Node> | undefined)?.exchange;
      for (const [key, text] of texts(exchange ?? {}, 'exchange')) {
        const where = `${lang}:${key}`;
        // "a {{network}}" reads "a Ethereum": English articles depend on the word after them.
        if (lang === 'en') expect(text, where).not.toMatch(/\b(?:a|an) \{\{(?:network|coin|memo)\}\}/i);
        // "{{network}}-Adresse" becomes "Ethereum (ERC-20)-Adresse".
        if (lang === 'de' || lang === 'nl') expect(text, where).not.toMatch(/\{\{network\}\}-/);
      }
    }
  });

  it('every language has its own sentence for it', () => {
    const english = addressReason(t('en'), 'network', 'Solana');
    for (const lang of LANGUAGES.filter((code) => code !== 'en')) {
      const text = addressReason(t(lang), 'network', 'Solana');
      expect(text, lang).toContain('Solana');
      expect(text, lang).not.toBe(english);
    }
  });
});
