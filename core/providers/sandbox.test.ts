import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { databaseTargets } from '../../db/testing.ts';
import { validateAddress, validateMemo } from '../address/validate.ts';
import { Catalogue } from '../catalogue/catalogue.ts';
import { Big } from '../exchange/decimal.ts';
import { type PriceSource, ProviderError, type ProviderErrorCode } from '../exchange/types.ts';
import { seedDemoData } from '../seed.ts';
import { createSandboxProviders, SandboxProvider, type SandboxProviderConfig } from './sandbox.ts';

const PRICES: Record<string, string> = { btc: '60000', eth: '3000', usdt: '1', xrp: '0.5', sol: '150' };

/** Prices the test can change between calls. */
class TablePrices implements PriceSource {
  table: Record<string, string> = { ...PRICES };
  async usdPrice(coin: string): Promise<string | null> {
    return this.table[coin] ?? null;
  }
}

const DELAYS = { confirmingMs: 1_000, exchangingMs: 2_000, sendingMs: 3_000 };

const ALPHA: SandboxProviderConfig = {
  id: 'test-alpha',
  name: 'Test Alpha',
  spreadBps: 30,
  fixedMarginBps: 100,
  feeUsd: 0,
  minFactor: 1,
  maxFactor: 1,
  fixedRateTtlMs: 60_000,
  supportsFixed: true,
  delays: DELAYS,
};

const BTC = { coin: 'btc', network: 'bitcoin' };
const ETH = { coin: 'eth', network: 'ethereum' };
const XRP = { coin: 'xrp', network: 'xrp' };
const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const signal = new AbortController().signal;

async function expectProviderError(
  promise: Promise<unknown>,
  code: ProviderErrorCode,
): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).code).toBe(code);
  return error as ProviderError;
}

describe.each(databaseTargets())('SandboxProvider on $name', (target) => {
  let handle: DatabaseHandle;
  let catalogue: Catalogue;
  let prices: TablePrices;
  let clock: Date;
  const now = () => clock;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const provider = (config: Partial<SandboxProviderConfig> = {}) =>
    new SandboxProvider({ ...ALPHA, ...config }, { db: handle.db, catalogue, prices, now });

  beforeAll(async () => {
    handle = await target.open();
    await seedDemoData(handle.db);
    catalogue = new Catalogue(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(() => {
    prices = new TablePrices();
    clock = new Date('2025-03-01T12:00:00Z');
  });

  describe('quote', () => {
    it('prices a float swap from USD prices less spread and the payout network fee', async () => {
      const quote = await provider().quote(
        { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' },
        signal,
      );
      // 0.1 BTC = 2 ETH; less 0.3% = 1.994; less 1 USD of Ethereum fee = 1/3000 ETH.
      expect(quote).toEqual({
        provider: 'test-alpha',
        rateType: 'float',
        amountFrom: '0.1',
        amountTo: '1.99366666',
        rate: '19.9366666',
        networkFee: '0.00033333',
        min: '0.00015',
        max: '2.5',
        eta: { min: 6, max: 6 },
      });
    });

    it('inverts its pricing for a reverse quote: the amount to send that pays at least amountTo', async () => {
      const p = provider({ feeUsd: '0.5' });
      const quote = await p.reverseQuote(
        { from: BTC, to: ETH, amountTo: '1.99366666', rateType: 'float' },
        signal,
      );
      // (1.99366666 + 1/3000 + 0.5/3000) ETH × 3000 / 60000 / 0.997 = 0.100008357…, rounded up.
      expect(quote.amountFrom).toBe('0.10000836');
      expect(Number(quote.amountTo)).toBeGreaterThanOrEqual(1.99366666);
      // One satoshi less would not pay it: the amount is the least that does.
      const less = await p.quote({ from: BTC, to: ETH, amountFrom: '0.10000835', rateType: 'float' }, signal);
      expect(Number(less.amountTo)).toBeLessThan(1.99366666);
      const forward = await p.quote(
        { from: BTC, to: ETH, amountFrom: quote.amountFrom, rateType: 'float' },
        signal,
      );
      expect(forward.amountTo).toBe(quote.amountTo);
      const fixed = await p.reverseQuote({ from: BTC, to: ETH, amountTo: '1', rateType: 'fixed' }, signal);
      expect(fixed.providerRateId).toBeTruthy();
      expect(Number(fixed.amountTo)).toBeGreaterThanOrEqual(1);
      const far = await p
        .reverseQuote({ from: BTC, to: ETH, amountTo: '500', rateType: 'float' }, signal)
        .catch((e: unknown) => e);
      expect(far).toBeInstanceOf(ProviderError);
      expect((far as ProviderError).code).toBe('amount_out_of_range');
      expect(Number((far as ProviderError).amountFrom)).toBeGreaterThan(25);
    });

    it('takes the fixed margin and the flat fee too, and issues an expiring rate id', async () => {
      const quote = await provider({ feeUsd: '0.5' }).quote(
        { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' },
        signal,
      );
      // 2 × (1 − 1.3%) = 1.974, less 1.5 USD in ETH.
      const expected = new Big('1.974').minus(new Big('1.5').div(3000));
      expect(quote.amountTo).toBe(expected.round(8, Big.roundDown).toFixed());
      expect(quote.providerRateId).toMatch(/^[\w-]{16,}$/);
      expect(quote.expiresAt).toEqual(new Date(clock.getTime() + 60_000));
    });

    it('rounds the payout down to the asset decimals', async () => {
      const quote = await provider().quote(
        { from: ETH, to: { coin: 'usdt', network: 'tron' }, amountFrom: '0.123456789', rateType: 'float' },
        signal,
      );
      expect(quote.amountTo).toMatch(/^\d+\.\d{1,6}$/);
      const exact = new Big('0.123456789').times(3000).times('0.997').minus(1);
      expect(quote.amountTo).toBe(exact.round(6, Big.roundDown).toFixed());
    });

    it('scales the catalogue limits and reports them when the amount is out of range', async () => {
      const bravoLike = provider({ minFactor: '0.8', maxFactor: '1.5' });
      const below = await expectProviderError(
        bravoLike.quote({ from: BTC, to: ETH, amountFrom: '0.0001', rateType: 'float' }, signal),
        'amount_out_of_range',
      );
      expect(below.limits).toEqual({ min: '0.00012', max: '3.75' });
      const above = await expectProviderError(
        bravoLike.quote({ from: BTC, to: ETH, amountFrom: '3.76', rateType: 'float' }, signal),
        'amount_out_of_range',
      );
      expect(above.limits).toEqual({ min: '0.00012', max: '3.75' });
      const ok = await bravoLike.quote({ from: BTC, to: ETH, amountFrom: '3.75', rateType: 'float' }, signal);
      expect(ok.min).toBe('0.00012');
    });

    it('refuses an amount that does not cover the fees', async () => {
      const error = await expectProviderError(
        provider({ feeUsd: 100 }).quote(
          { from: BTC, to: ETH, amountFrom: '0.00015', rateType: 'float' },
          signal,
        ),
        'amount_out_of_range',
      );
      expect(error.limits).toEqual({ min: '0.00015', max: '2.5' });
    });

    it('says pair_unavailable for unknown assets, missing prices and unsupported fixed rates', async () => {
      const p = provider();
      await expectProviderError(
        p.quote(
          { from: { coin: 'nope', network: 'bitcoin' }, to: ETH, amountFrom: '1', rateType: 'float' },
          signal,
        ),
        'pair_unavailable',
      );
      await expectProviderError(
        p.quote(
          { from: { coin: 'btc', network: 'solana' }, to: ETH, amountFrom: '1', rateType: 'float' },
          signal,
        ),
        'pair_unavailable',
      );
      delete prices.table.eth;
      await expectProviderError(
        p.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' }, signal),
        'pair_unavailable',
      );
      prices.table.eth = '3000';
      await expectProviderError(
        provider({ supportsFixed: false }).quote(
          { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' },
          signal,
        ),
        'pair_unavailable',
      );
    });

    it('stops at once when the signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(
        provider().quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' }, controller.signal),
      ).rejects.toThrow();
    });
  });

  describe('swaps', () => {
    const request = {
      reference: 'our-ref',
      from: BTC,
      to: ETH,
      amountFrom: '0.1',
      payoutAddress: ETH_ADDRESS,
      refundAddress: BTC_ADDRESS,
    };

    it('follows the status timeline after a deposit and pays out at the current price', async () => {
      const p = provider();
      const created = await p.createSwap({ ...request, rateType: 'float' }, signal);
      expect(created.status).toBe('waiting');
      expect(created.amountFrom).toBe('0.1');
      expect(created.amountTo).toBe('1.99366666');
      expect(validateAddress('bitcoin', created.depositAddress).valid).toBe(true);
      expect(created.depositMemo).toBeUndefined();
      expect(await p.getSwap(created.providerSwapId, signal)).toEqual(created);

      advance(5_000);
      const deposited = await p.simulateDeposit(created.providerSwapId, '0.1');
      expect(deposited.status).toBe('confirming');
      expect(deposited.amountDeposited).toBe('0.1');
      expect(deposited.depositHash).toMatch(/^[0-9a-f]{64}$/);
      expect(deposited.payoutHash).toBeUndefined();

      const statusAfter = async (ms: number) => {
        advance(ms);
        return p.getSwap(created.providerSwapId, signal);
      };
      expect((await statusAfter(999)).status).toBe('confirming');
      expect((await statusAfter(1)).status).toBe('exchanging');
      expect((await statusAfter(1_999)).status).toBe('exchanging');
      const sending = await statusAfter(1);
      expect(sending.status).toBe('sending');
      // The payout is on Ethereum: its hash is written the EVM way, so explorer links open.
      expect(sending.payoutHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(sending.payoutHash).not.toBe(sending.depositHash);
      expect((await statusAfter(2_999)).status).toBe('sending');

      // The price moved while the deposit was exchanged: a float swap pays at the new price.
      prices.table.btc = '66000';
      const finished = await statusAfter(1);
      expect(finished.status).toBe('finished');
      expect(finished.amountPaidOut).toBe('2.19306666'); // 2.2 × 0.997 − 1/3000
      expect(finished.depositHash).toBe(deposited.depositHash);
    });

    it('records a deposit only once', async () => {
      const p = provider();
      const created = await p.createSwap({ ...request, rateType: 'float' }, signal);
      await p.simulateDeposit(created.providerSwapId, '0.1');
      await expect(p.simulateDeposit(created.providerSwapId, '0.2')).rejects.toThrow(/already received/);
      expect((await p.getSwap(created.providerSwapId, signal)).amountDeposited).toBe('0.1');
      await expectProviderError(p.simulateDeposit(created.providerSwapId, '-1'), 'amount_out_of_range');
    });

    it('refunds a deposit outside its limits once it is confirmed, with the refund transaction', async () => {
      const p = provider();
      const created = await p.createSwap({ ...request, rateType: 'float' }, signal);
      expect(created.limits).toEqual({ min: '0.00015', max: '2.5' });
      await p.simulateDeposit(created.providerSwapId, '3');
      expect((await p.getSwap(created.providerSwapId, signal)).status).toBe('confirming');
      advance(DELAYS.confirmingMs);
      const refunding = await p.getSwap(created.providerSwapId, signal);
      expect(refunding).toMatchObject({ status: 'refunding', problem: 'above_max' });
      advance(DELAYS.sendingMs);
      const refunded = await p.getSwap(created.providerSwapId, signal);
      expect(refunded).toMatchObject({ status: 'refunded', problem: 'above_max', amountRefunded: '3' });
      expect(refunded.refundHash).toMatch(/^[0-9a-f]{64}$/);
      expect(refunded.amountPaidOut).toBeUndefined();
    });

    it('waits for a refund address before refunding a deposit below the minimum', async () => {
      const p = provider();
      const { refundAddress: _none, ...withoutRefund } = request;
      const created = await p.createSwap({ ...withoutRefund, rateType: 'float' }, signal);
      await p.simulateDeposit(created.providerSwapId, '0.0001');
      advance(DELAYS.confirmingMs + DELAYS.sendingMs * 10);
      expect(await p.getSwap(created.providerSwapId, signal)).toMatchObject({
        status: 'refunding',
        problem: 'below_min',
      });
      expect((await p.getSwap(created.providerSwapId, signal)).refundAddress).toBeUndefined();
      await expectProviderError(
        p.resolveSwap(created.providerSwapId, { action: 'refund', refundAddress: ETH_ADDRESS }, signal),
        'invalid_address',
      );
      await expectProviderError(
        p.resolveSwap(created.providerSwapId, { action: 'continue' }, signal),
        'upstream_error',
      );
      await p.resolveSwap(created.providerSwapId, { action: 'refund', refundAddress: BTC_ADDRESS }, signal);
      // Sending the refund starts once the address is known.
      advance(DELAYS.sendingMs - 1);
      expect((await p.getSwap(created.providerSwapId, signal)).status).toBe('refunding');
      advance(1);
      const refunded = await p.getSwap(created.providerSwapId, signal);
      expect(refunded).toMatchObject({
        status: 'refunded',
        refundAddress: BTC_ADDRESS,
        amountRefunded: '0.0001',
      });
    });

    const fixedSwap = async (p: SandboxProvider) => {
      const quote = await p.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' }, signal);
      const created = await p.createSwap(
        { ...request, rateType: 'fixed', providerRateId: quote.providerRateId as string },
        signal,
      );
      expect(created.amountTo).toBe(quote.amountTo);
      return created;
    };

    it('pays an exact fixed deposit at the locked rate whatever the market does', async () => {
      const p = provider();
      const created = await fixedSwap(p);
      await p.simulateDeposit(created.providerSwapId, '0.1');
      prices.table.btc = '1';
      advance(6_000);
      const finished = await p.getSwap(created.providerSwapId, signal);
      expect(finished.status).toBe('finished');
      expect(finished.amountPaidOut).toBe(created.amountTo);
    });

    it('asks about a half-paid fixed swap, and continues at the market rate of the decision', async () => {
      const p = provider();
      const created = await fixedSwap(p);
      await p.simulateDeposit(created.providerSwapId, '0.05');
      advance(DELAYS.confirmingMs + 60_000);
      expect(await p.getSwap(created.providerSwapId, signal)).toMatchObject({
        status: 'action_needed',
        problem: 'underpaid',
        amountDeposited: '0.05',
      });
      prices.table.btc = '66000';
      await p.resolveSwap(created.providerSwapId, { action: 'continue' }, signal);
      // The same decision again changes nothing; the other one is refused.
      await p.resolveSwap(created.providerSwapId, { action: 'continue' }, signal);
      await expectProviderError(
        p.resolveSwap(created.providerSwapId, { action: 'refund', refundAddress: BTC_ADDRESS }, signal),
        'upstream_error',
      );
      const exchanging = await p.getSwap(created.providerSwapId, signal);
      expect(exchanging.status).toBe('exchanging');
      // 0.05 BTC at 66000 / 3000 = 1.1, less the 0.3 % spread and the 1 USD network fee: 1.1 × 0.997 − 1/3000.
      expect(exchanging.amountTo).toBe('1.09636666');
      prices.table.btc = '1';
      advance(DELAYS.exchangingMs + DELAYS.sendingMs);
      expect(await p.getSwap(created.providerSwapId, signal)).toMatchObject({
        status: 'finished',
        amountPaidOut: '1.09636666',
      });
    });

    it('asks about a fixed deposit after the rate ran out, and refunds it when told to', async () => {
      const p = provider();
      const created = await fixedSwap(p);
      await p.simulateDeposit(created.providerSwapId, '0.1', { at: new Date(clock.getTime() + 60_001) });
      advance(60_001 + DELAYS.confirmingMs - 1);
      expect((await p.getSwap(created.providerSwapId, signal)).status).toBe('confirming');
      advance(1);
      expect(await p.getSwap(created.providerSwapId, signal)).toMatchObject({
        status: 'action_needed',
        problem: 'late',
      });
      await p.resolveSwap(created.providerSwapId, { action: 'refund', refundAddress: BTC_ADDRESS }, signal);
      expect((await p.getSwap(created.providerSwapId, signal)).status).toBe('refunding');
      advance(DELAYS.sendingMs);
      expect(await p.getSwap(created.providerSwapId, signal)).toMatchObject({
        status: 'refunded',
        problem: 'late',
        amountRefunded: '0.1',
      });
    });

    it('holds a swap for a check before it goes on, and refunds after its own failure', async () => {
      const p = provider();
      const held = await p.createSwap({ ...request, rateType: 'float' }, signal);
      await p.simulateDeposit(held.providerSwapId, '0.1', { scenario: 'hold' });
      const failing = await p.createSwap({ ...request, rateType: 'float' }, signal);
      await p.simulateDeposit(failing.providerSwapId, '0.1', { scenario: 'provider_failure' });
      advance(DELAYS.confirmingMs);
      expect(await p.getSwap(held.providerSwapId, signal)).toMatchObject({ status: 'hold', problem: 'hold' });
      expect((await p.getSwap(failing.providerSwapId, signal)).status).toBe('exchanging');
      advance(DELAYS.exchangingMs);
      expect((await p.getSwap(held.providerSwapId, signal)).status).toBe('exchanging');
      expect(await p.getSwap(failing.providerSwapId, signal)).toMatchObject({
        status: 'refunding',
        problem: 'provider_failed',
      });
      advance(DELAYS.exchangingMs + DELAYS.sendingMs);
      expect((await p.getSwap(held.providerSwapId, signal)).status).toBe('finished');
      expect((await p.getSwap(failing.providerSwapId, signal)).status).toBe('refunded');
    });

    it('refuses unknown, expired, reused and mismatched fixed rates', async () => {
      const p = provider();
      await expectProviderError(
        p.createSwap({ ...request, rateType: 'fixed', providerRateId: 'never-issued' }, signal),
        'rate_expired',
      );
      await expectProviderError(p.createSwap({ ...request, rateType: 'fixed' }, signal), 'rate_expired');

      const quote = await p.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' }, signal);
      const rateId = quote.providerRateId as string;
      await expectProviderError(
        p.createSwap({ ...request, amountFrom: '0.2', rateType: 'fixed', providerRateId: rateId }, signal),
        'rate_expired',
      );
      advance(60_000);
      await expectProviderError(
        p.createSwap({ ...request, rateType: 'fixed', providerRateId: rateId }, signal),
        'rate_expired',
      );

      const fresh = await p.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' }, signal);
      const freshId = fresh.providerRateId as string;
      await p.createSwap({ ...request, rateType: 'fixed', providerRateId: freshId }, signal);
      await expectProviderError(
        p.createSwap({ ...request, rateType: 'fixed', providerRateId: freshId }, signal),
        'rate_expired',
      );
      // A restarted provider forgets the rates it issued.
      const other = await p.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' }, signal);
      await expectProviderError(
        provider().createSwap(
          { ...request, rateType: 'fixed', providerRateId: other.providerRateId as string },
          signal,
        ),
        'rate_expired',
      );
    });

    it('checks addresses and amounts when creating a swap', async () => {
      const p = provider();
      await expectProviderError(
        p.createSwap({ ...request, rateType: 'float', payoutAddress: BTC_ADDRESS }, signal),
        'invalid_address',
      );
      await expectProviderError(
        p.createSwap({ ...request, rateType: 'float', refundAddress: ETH_ADDRESS }, signal),
        'invalid_address',
      );
      await expectProviderError(
        p.createSwap({ ...request, rateType: 'float', amountFrom: '10' }, signal),
        'amount_out_of_range',
      );
    });

    it('gives memo networks a deposit memo', async () => {
      const created = await provider().createSwap(
        {
          reference: 'r',
          from: XRP,
          to: ETH,
          amountFrom: '100',
          rateType: 'float',
          payoutAddress: ETH_ADDRESS,
        },
        signal,
      );
      expect(validateAddress('xrp', created.depositAddress).valid).toBe(true);
      expect(validateMemo('xrp', created.depositMemo ?? '')).toEqual({ valid: true });
    });

    it("answers not_found for unknown swaps and for other providers' swaps", async () => {
      const p = provider();
      await expectProviderError(p.getSwap('missing', signal), 'not_found');
      await expectProviderError(p.simulateDeposit('missing', '1'), 'not_found');
      const created = await p.createSwap({ ...request, rateType: 'float' }, signal);
      await expectProviderError(
        provider({ id: 'someone-else' }).getSwap(created.providerSwapId, signal),
        'not_found',
      );
    });
  });

  it('creates the three standard sandbox providers', async () => {
    const providers = createSandboxProviders({ db: handle.db, catalogue, prices, now }, { delays: DELAYS });
    expect(providers.map((p) => [p.id, p.name, p.supportsFixed])).toEqual([
      ['sandbox-alpha', 'Alpha Sandbox', true],
      ['sandbox-bravo', 'Bravo Sandbox', true],
      ['sandbox-charlie', 'Charlie Sandbox', false],
    ]);
    const quotes = await Promise.all(
      providers.map((p) => p.quote({ from: BTC, to: ETH, amountFrom: '0.5', rateType: 'float' }, signal)),
    );
    expect(new Set(quotes.map((q) => q.amountTo)).size).toBe(3);
    expect(quotes.map((q) => [q.min, q.max])).toEqual([
      ['0.00015', '2.5'],
      ['0.00012', '3.75'],
      ['0.000225', '1.5'],
    ]);
  });
});
