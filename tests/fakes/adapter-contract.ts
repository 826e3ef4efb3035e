import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Big } from '../../core/exchange/decimal.ts';
import {
  type LiquidityProvider,
  ProviderError,
  type ProviderErrorCode,
  type ProviderSwapDetail,
  type SwapStatus,
} from '../../core/exchange/types.ts';
import type { FakeServer } from './fake-server.ts';

/**
 * The contract every instant-exchange adapter is held to against its local fake: quotes (float and
 * fixed) with limits, swaps with payout and refund addresses and memos, every documented status
 * mapped onto ours, and errors mapped onto our codes. Each adapter's test file calls this with its
 * fake, then adds what is its provider's own (signatures, rate ids, tickers).
 */

export const BTC = { coin: 'btc', network: 'bitcoin' };
export const ETH = { coin: 'eth', network: 'ethereum' };
export const XRP = { coin: 'xrp', network: 'xrp' };
export const ETH_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const XRP_ADDRESS = 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh';

export const signal = () => AbortSignal.timeout(5_000);

export async function expectProviderError(
  promise: Promise<unknown>,
  code: ProviderErrorCode,
): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).code, (error as Error).message).toBe(code);
  return error as ProviderError;
}

export interface ContractFake extends FakeServer {
  /** Moves a swap the fake created to one of the provider's own statuses. */
  setStatus(providerSwapId: string, status: string): void;
}

export interface AdapterContract<F extends ContractFake> {
  name: string;
  start(): Promise<F>;
  provider(fake: F): LiquidityProvider;
  /** Every documented provider status → what we show. */
  statuses: Readonly<Record<string, { status: SwapStatus; detail?: ProviderSwapDetail }>>;
  /** An amount of BTC the fake's limits refuse, and the body an HTTP 500 gets. */
  tooLarge: string;
  /** Whether a fixed quote is offered through this adapter. */
  fixed: boolean;
  /** False where the provider takes the refund address only when a refund is due (FixedFloat). */
  refundAtCreation?: boolean;
  /** The provider's payout-address and refund-address fields in the recorded create request. */
  addressesOf(fake: F): { payout: unknown; payoutMemo?: unknown; refund: unknown; reference?: unknown };
}

export function describeAdapterContract<F extends ContractFake>(contract: AdapterContract<F>): void {
  describe(`${contract.name}: the adapter contract against its local fake`, () => {
    let fake: F;
    let provider: LiquidityProvider;
    beforeAll(async () => {
      fake = await contract.start();
      provider = contract.provider(fake);
    });
    afterAll(async () => {
      await fake.close();
    });
    beforeEach(() => {
      fake.set({ latencyMs: 0, failStatus: null, invalidJson: false });
      fake.requests.length = 0;
    });

    it('quotes a float rate: ~2 ETH for 0.1 BTC after spread and fees, within limits', async () => {
      const quote = await provider.quote(
        { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' },
        signal(),
      );
      expect(quote.provider).toBe(provider.id);
      expect(quote.rateType).toBe('float');
      expect(quote.amountFrom).toBe('0.1');
      expect(Number(quote.amountTo)).toBeGreaterThan(1.95);
      expect(Number(quote.amountTo)).toBeLessThan(2);
      expect(new Big(quote.rate).times(quote.amountFrom).toFixed(6)).toBe(new Big(quote.amountTo).toFixed(6));
      expect(Number(quote.min)).toBeGreaterThan(0);
      expect(Number(quote.min)).toBeLessThan(0.1);
      expect(Number(quote.max)).toBeGreaterThan(0.1);
      expect(quote.providerRateId).toBeUndefined();
    });

    if (contract.fixed) {
      it('quotes a fixed rate with the rate id and when it runs out', async () => {
        const quote = await provider.quote(
          { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' },
          signal(),
        );
        expect(quote.rateType).toBe('fixed');
        expect(quote.providerRateId).toMatch(/\S/);
        expect(quote.expiresAt?.getTime()).toBeGreaterThan(Date.now());
        expect(Number(quote.amountTo)).toBeGreaterThan(1.9);
      });

      it('creates a fixed-rate swap from the quote', async () => {
        const quote = await provider.quote(
          { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'fixed' },
          signal(),
        );
        const swap = await provider.createSwap(
          {
            reference: 'ourswapid',
            from: BTC,
            to: ETH,
            amountFrom: '0.1',
            rateType: 'fixed',
            ...(quote.providerRateId ? { providerRateId: quote.providerRateId } : {}),
            payoutAddress: ETH_ADDRESS,
            refundAddress: BTC_ADDRESS,
          },
          signal(),
        );
        expect(swap.status).toBe('waiting');
        expect(swap.depositAddress).toMatch(/^(bc1|[13])/);
        expect(swap.amountFrom).toBe('0.1');
        expect(swap.amountTo).toBe(quote.amountTo);
      });
    }

    it('says which amounts are out of range, with the limits', async () => {
      const error = await expectProviderError(
        provider.quote({ from: BTC, to: ETH, amountFrom: contract.tooLarge, rateType: 'float' }, signal()),
        'amount_out_of_range',
      );
      expect(error.limits?.max).toMatch(/^\d/);
      await expectProviderError(
        provider.quote({ from: BTC, to: ETH, amountFrom: '0.000001', rateType: 'float' }, signal()),
        'amount_out_of_range',
      );
    });

    it('answers pair_unavailable for a pair it does not serve, without asking the provider for unknown assets', async () => {
      await expectProviderError(
        provider.quote(
          { from: { coin: 'nosuchcoin', network: 'bitcoin' }, to: ETH, amountFrom: '1', rateType: 'float' },
          signal(),
        ),
        'pair_unavailable',
      );
      expect(fake.requests).toHaveLength(0);
      await expectProviderError(
        provider.quote(
          { from: BTC, to: { coin: 'usdt', network: 'ton' }, amountFrom: '0.1', rateType: 'float' },
          signal(),
        ),
        'pair_unavailable',
      );
    });

    it('creates a float swap with payout and refund addresses, memo and our reference', async () => {
      const swap = await provider.createSwap(
        {
          reference: 'ourswapid',
          from: BTC,
          to: XRP,
          amountFrom: '0.01',
          rateType: 'float',
          payoutAddress: XRP_ADDRESS,
          payoutMemo: '12345',
          refundAddress: BTC_ADDRESS,
        },
        signal(),
      );
      expect(swap.providerSwapId).toMatch(/\S/);
      expect(swap.status).toBe('waiting');
      expect(swap.depositAddress).toMatch(/\S/);
      expect(Number(swap.amountTo)).toBeGreaterThan(1000);
      const sent = contract.addressesOf(fake);
      expect(sent.payout).toBe(XRP_ADDRESS);
      expect(sent.payoutMemo).toBe('12345');
      if (contract.refundAtCreation !== false) expect(sent.refund).toBe(BTC_ADDRESS);
      if ('reference' in sent) expect(sent.reference).toBe('ourswapid');
    });

    it('refuses a payout address of another network as invalid_address', async () => {
      await expectProviderError(
        provider.createSwap(
          {
            reference: 'ourswapid',
            from: BTC,
            to: ETH,
            amountFrom: '0.1',
            rateType: 'float',
            payoutAddress: BTC_ADDRESS,
          },
          signal(),
        ),
        'invalid_address',
      );
    });

    it('maps every documented status onto ours, the details included', async () => {
      const swap = await provider.createSwap(
        {
          reference: 'ourswapid',
          from: BTC,
          to: ETH,
          amountFrom: '0.1',
          rateType: 'float',
          payoutAddress: ETH_ADDRESS,
        },
        signal(),
      );
      for (const [theirs, ours] of Object.entries(contract.statuses)) {
        fake.setStatus(swap.providerSwapId, theirs);
        const read = await provider.getSwap(swap.providerSwapId, signal());
        expect({ theirs, status: read.status, detail: read.detail }).toEqual({
          theirs,
          status: ours.status,
          detail: ours.detail,
        });
        expect(read.depositAddress).toBe(swap.depositAddress);
        if (ours.status === 'finished') {
          expect(read.payoutHash).toMatch(/\S/);
          expect(Number(read.amountPaidOut)).toBeGreaterThan(0);
        }
        if (['exchanging', 'sending', 'finished'].includes(ours.status)) {
          expect(read.depositHash).toMatch(/\S/);
          expect(Number(read.amountDeposited)).toBeGreaterThan(0);
        }
      }
    });

    it('answers not_found for a swap it does not know', async () => {
      await expectProviderError(provider.getSwap('nosuchswap0000', signal()), 'not_found');
    });

    it('turns a 500, a body that is not JSON and a timeout into upstream_error', async () => {
      fake.set({ failStatus: 500 });
      await expectProviderError(
        provider.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' }, signal()),
        'upstream_error',
      );
      fake.set({ failStatus: null, invalidJson: true });
      await expectProviderError(
        provider.quote({ from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' }, signal()),
        'upstream_error',
      );
      fake.set({ invalidJson: false, latencyMs: 2_000 });
      await expectProviderError(
        provider.quote(
          { from: BTC, to: ETH, amountFrom: '0.1', rateType: 'float' },
          AbortSignal.timeout(100),
        ),
        'upstream_error',
      );
    });
  });
}
