import { describe, expect, it } from 'vitest';
import { parseSwapIdInput } from './swap-id.ts';

const ID = 'abcdefghijklmnopqrstuvwx23';

describe('parseSwapIdInput', () => {
  it('takes an id with capitals and spaces', () => {
    expect(parseSwapIdInput(`  ${ID.toUpperCase()} `)).toEqual({ ok: true, id: ID });
    expect(parseSwapIdInput('abcde fghij klmno pqrst uvwx23')).toEqual({ ok: true, id: ID });
  });

  it('takes a full link to the swap page in any language', () => {
    for (const link of [
      `https://swapgate.io/swap/${ID}`,
      `https://swapgate.io/de/swap/${ID}`,
      `http://localhost:4173/ja/swap/${ID.toUpperCase()}/`,
      `swapgate.io/pt/swap/${ID}?utm_source=mail#status`,
      `/swap/${ID}`,
      `/uk/swap/${ID}`,
      ` https://swapgate.io/swap/${ID} `,
    ]) {
      expect(parseSwapIdInput(link), link).toEqual({ ok: true, id: ID });
    }
  });

  it('refuses blank input, other pages and ids of the wrong shape', () => {
    expect(parseSwapIdInput('   ')).toEqual({ ok: false, kind: 'empty' });
    for (const text of [
      'not-a-swap-id',
      ID.slice(1),
      `https://swapgate.io/coins/${ID}`,
      `https://swapgate.io/xx/swap/${ID}`,
      `https://swapgate.io/swap/${ID}/extra`,
      `${ID}0`,
    ]) {
      expect(parseSwapIdInput(text), text).toEqual({ ok: false, kind: 'shape' });
    }
  });
});
