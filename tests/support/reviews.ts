import type { SwapStatus } from '../../core/exchange/types.ts';
import type { Database } from '../../db/client.ts';
import { swaps } from '../../db/schema.ts';

/** Tests only: a swap row in `status` (a BTC → ETH sandbox swap) with the given id. */
export async function insertTestSwap(db: Database, id: string, status: SwapStatus): Promise<void> {
  await db.insert(swaps).values({
    id,
    provider: 'sandbox-test',
    providerSwapId: `p-${id}`,
    status,
    rateType: 'float',
    fromCoin: 'btc',
    fromNetwork: 'btc',
    toCoin: 'eth',
    toNetwork: 'eth',
    amountFrom: '0.1',
    amountTo: '2.5',
    rate: '25',
    serviceFee: '0.01',
    affiliateFee: '0',
    networkFee: '0.001',
    depositAddress: 'bc1qtestdepositaddress',
    payoutAddress: '0x0000000000000000000000000000000000000001',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
}
