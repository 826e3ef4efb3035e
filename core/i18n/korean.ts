/**
 * Korean particles chosen by the word before them.
 *
 * A Korean text names a particle after an interpolated value once, in its fallback form right after
 * the placeholder (`{{coin}}을(를)`, `{{network}}(으)로`); once the value is filled in, the fallback
 * becomes the one particle that fits the value's last sound. A word ending in a consonant
 * (batchim) takes 을/이/은/과/으로, one ending in a vowel 를/가/는/와/로, and one ending in ㄹ takes
 * 로 like a vowel. Values are coin codes (BTC, USDT), names (Bitcoin, 이더리움), network names and
 * numbers, so the last sound is read the way a Korean reader says it:
 * - a Hangul syllable: its final consonant;
 * - a digit: its Korean reading (1 일, 3 삼, 6 육, 7 칠, 8 팔, 0 영; 10 십, 100 백, 1000 천);
 * - a code in capitals: the Korean name of its last letter (L 엘, M 엠, N 엔, R 알 end in a consonant);
 * - an English word: its usual transliteration (…m, …n, …ng, …t, …p, …c end in a consonant; …l, …le in ㄹ).
 */

/** What ends the word before a particle: a vowel, ㄹ, or another final consonant. */
export type FinalSound = 'vowel' | 'rieul' | 'consonant';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
/** The index of ㄹ among a syllable's 28 final-consonant slots (0 is none). */
const RIEUL = 8;

/** Korean readings of the digits: 영 일 이 삼 사 오 육 칠 팔 구. */
const DIGIT_SOUNDS: readonly FinalSound[] = [
  'consonant',
  'rieul',
  'vowel',
  'consonant',
  'vowel',
  'vowel',
  'consonant',
  'rieul',
  'rieul',
  'vowel',
];

/** Letters whose Korean names end in a consonant: 엘 엠 엔 알. */
const LETTER_SOUNDS: Readonly<Record<string, FinalSound>> = {
  L: 'rieul',
  M: 'consonant',
  N: 'consonant',
  R: 'rieul',
};

function syllableSound(code: number): FinalSound {
  const final = (code - HANGUL_FIRST) % 28;
  if (final === 0) return 'vowel';
  return final === RIEUL ? 'rieul' : 'consonant';
}

function numberSound(digits: string): FinalSound {
  const last = Number(digits.at(-1));
  // 10 십, 100 백, 1000 천, 10000 만: a round number ends in the unit's consonant.
  if (last === 0 && /[1-9]0+$/.test(digits)) return 'consonant';
  return DIGIT_SOUNDS[last] ?? 'vowel';
}

function englishWordSound(word: string): FinalSound {
  const lower = word.toLowerCase();
  if (/(l|le)$/.test(lower)) return 'rieul';
  if (/(m|n|ng|t|p|c)$/.test(lower)) return 'consonant';
  return 'vowel';
}

/** The last sound of `text` as a Korean reader says it, or undefined when nothing readable ends it. */
export function finalSound(text: string): FinalSound | undefined {
  let end = text.trimEnd();
  // "비트코인(BTC)을": the particle follows the word before a closing parenthetical.
  while (end.endsWith(')') || end.endsWith('）')) {
    const open = Math.max(end.lastIndexOf('('), end.lastIndexOf('（'));
    if (open <= 0) break;
    end = end.slice(0, open).trimEnd();
  }
  const last = end.at(-1);
  if (!last) return undefined;
  const code = last.charCodeAt(0);
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) return syllableSound(code);
  const number = /\d+$/.exec(end);
  if (number) return numberSound(number[0]);
  const word = /[A-Za-z]+$/.exec(end)?.[0];
  if (!word) return undefined;
  const capitals = word.replace(/[^A-Z]/g, '').length;
  // A code (BTC, USDT, USDt, TRON) is read letter by letter; a name (Bitcoin, Solana) as a word.
  if (capitals >= 2 || (capitals === 1 && word.length === 1))
    return LETTER_SOUNDS[last.toUpperCase()] ?? 'vowel';
  return englishWordSound(word);
}

/** Each fallback form and the particle it becomes after a consonant, ㄹ and a vowel. */
const PARTICLES: Readonly<Record<string, Readonly<Record<FinalSound, string>>>> = {
  '을(를)': { consonant: '을', rieul: '을', vowel: '를' },
  '를(을)': { consonant: '을', rieul: '을', vowel: '를' },
  '이(가)': { consonant: '이', rieul: '이', vowel: '가' },
  '가(이)': { consonant: '이', rieul: '이', vowel: '가' },
  '은(는)': { consonant: '은', rieul: '은', vowel: '는' },
  '는(은)': { consonant: '은', rieul: '은', vowel: '는' },
  '과(와)': { consonant: '과', rieul: '과', vowel: '와' },
  '와(과)': { consonant: '과', rieul: '과', vowel: '와' },
  '(으)로': { consonant: '으로', rieul: '로', vowel: '로' },
  '(이)나': { consonant: '이나', rieul: '이나', vowel: '나' },
  '(이)라': { consonant: '이라', rieul: '이라', vowel: '라' },
  '(이)에요': { consonant: '이에요', rieul: '이에요', vowel: '예요' },
};

const escapeParentheses = (text: string) => text.replace(/[()]/g, '\\$&');
/** Any fallback form, in the order that matches `을(를)` before `(으)로`. */
export const PARTICLE_FALLBACK = new RegExp(Object.keys(PARTICLES).map(escapeParentheses).join('|'), 'g');

/** The particle for a word with this last sound; when nothing readable ends the word, its vowel form. */
export function particle(fallback: string, sound: FinalSound | undefined): string {
  const forms = PARTICLES[fallback];
  if (!forms) return fallback;
  return forms[sound ?? 'vowel'];
}

/** `text` with every particle fallback replaced by the particle the word before it takes. */
export function resolveParticles(text: string): string {
  if (!text.includes('(')) return text;
  return text.replace(PARTICLE_FALLBACK, (fallback, offset: number) =>
    particle(fallback, finalSound(text.slice(0, offset))),
  );
}
