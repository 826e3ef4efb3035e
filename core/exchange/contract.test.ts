import { describe, expect, it } from 'vitest';
import { quoteRequestSchema, quoteSchema, swapRequestSchema } from './contract.ts';

const PAIR = { from: 'BTC', to: 'eth', rateType: 'float' } as const;

describe('quoteRequestSchema', () => {
  it('takes the amount to send or, for a reverse quote, the amount to receive', () => {
    expect(quoteRequestSchema.parse({ ...PAIR, amount: '0.1' })).toMatchObject({
      from: 'btc',
      amount: '0.1',
    });
    expect(quoteRequestSchema.parse({ ...PAIR, amountTo: '2.5' })).toMatchObject({ amountTo: '2.5' });
  });

  it('refuses both amounts, or neither, naming the amount field', () => {
    for (const body of [{ ...PAIR, amount: '0.1', amountTo: '2' }, { ...PAIR }]) {
      const result = quoteRequestSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['amount']);
    }
  });

  it('leaves swaps needing the amount to send', () => {
    const swap = { ...PAIR, payoutAddress: '0xabc' };
    expect(swapRequestSchema.safeParse({ ...swap, amountTo: '2' }).success).toBe(false);
    expect(swapRequestSchema.safeParse({ ...swap, amount: '0.1' }).success).toBe(true);
  });
});

describe('quoteSchema', () => {
  it('describes every offer with what it needs sent, fixed-rate support and its ETA', () => {
    const offer = {
      provider: 'a',
      providerName: 'A',
      amountFrom: '0.1',
      amountTo: '2',
      rate: '20',
      fixedRate: true,
      eta: { min: 600, max: 3600 },
    };
    const quote = {
      rateType: 'float',
      from: 'btc',
      fromNetwork: 'bitcoin',
      to: 'eth',
      toNetwork: 'ethereum',
      amountFrom: '0.1',
      amountTo: '2',
      rate: '20',
      min: '0.001',
      max: '2',
      provider: 'a',
      providerName: 'A',
      networkFee: '0',
      serviceFee: '0',
      reverse: false,
      offers: [offer, { ...offer, provider: 'b', fixedRate: false, eta: null }],
      eta: { seconds: 420, source: 'swaps' },
      usd: { from: '60000', to: null },
    };
    expect(quoteSchema.parse(quote)).toEqual(quote);
    expect(quoteSchema.safeParse({ ...quote, eta: { seconds: 1, source: 'guess' } }).success).toBe(false);
  });
});
