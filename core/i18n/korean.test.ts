import { describe, expect, it } from 'vitest';
import { loadDictionaries } from './dictionaries.ts';
import { finalSound, resolveParticles } from './korean.ts';
import { translate } from './translate.ts';

describe('Korean particles', () => {
  it.each([
    // Codes, read letter by letter: T 티, C 씨, D 디, H 에이치 end in a vowel; N 엔, M 엠 in a consonant, L 엘, R 알 in ㄹ.
    ['BTC을(를) 보내기', 'BTC를 보내기'],
    ['USDT을(를)', 'USDT를'],
    ['USDt을(를)', 'USDt를'],
    ['USD(으)로 BTC 구매', 'USD로 BTC 구매'],
    ['TRON(으)로', 'TRON으로'],
    ['XLM이(가)', 'XLM이'],
    ['SOL(으)로', 'SOL로'],
    ['BRR와(과)', 'BRR과'],
    // Names, read as words.
    ['Bitcoin을(를)', 'Bitcoin을'],
    ['Ethereum(으)로', 'Ethereum으로'],
    ['Solana(으)로', 'Solana로'],
    ['Polkadot은(는)', 'Polkadot은'],
    ['Ripple(으)로', 'Ripple로'],
    ['SwapGate을(를) 이용해 주셔서', 'SwapGate를 이용해 주셔서'],
    // Digits, read in Korean: 1 일 (ㄹ), 2 이, 3 삼, 10 십.
    ['1(으)로', '1로'],
    ['2을(를)', '2를'],
    ['3(으)로', '3으로'],
    ['10이(가)', '10이'],
    ['0.5을(를)', '0.5를'],
    // Hangul syllables, by their final consonant.
    ['비트코인을(를)', '비트코인을'],
    ['이더리움(으)로', '이더리움으로'],
    ['솔라나이(가)', '솔라나가'],
    ['서울(으)로', '서울로'],
    // A parenthetical after the word: the particle follows the word.
    ['비트코인(BTC)은(는)', '비트코인(BTC)은'],
    ['0.1 ETH(Ethereum)을(를)', '0.1 ETH(Ethereum)를'],
  ])('%s → %s', (text, expected) => {
    expect(resolveParticles(text)).toBe(expected);
  });

  it('reads the last sound of codes, names and syllables', () => {
    expect(finalSound('BTC')).toBe('vowel');
    expect(finalSound('TRON')).toBe('consonant');
    expect(finalSound('XRPL')).toBe('rieul');
    expect(finalSound('서울')).toBe('rieul');
    expect(finalSound('7')).toBe('rieul');
    expect(finalSound('···')).toBeUndefined();
  });

  it('fills Korean page texts with the particle the value takes', () => {
    const dictionaries = loadDictionaries();
    expect(translate(dictionaries, 'ko', 'pages.buy-pair.title', { from: 'USD', to: 'BTC' })).toBe(
      'USD로 BTC 구매',
    );
    expect(translate(dictionaries, 'ko', 'pages.buy-pair.title', { from: 'KRW', to: 'BTC' })).toBe(
      'KRW로 BTC 구매',
    );
    expect(translate(dictionaries, 'ko', 'pages.buy-pair.title', { from: 'EUR', to: 'ETH' })).toBe(
      'EUR로 ETH 구매',
    );
    expect(translate(dictionaries, 'ko', 'pages.buy-pair.title', { from: 'TRON', to: 'ETH' })).toBe(
      'TRON으로 ETH 구매',
    );
  });
});
