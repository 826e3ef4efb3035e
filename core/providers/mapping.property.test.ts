import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_ASSETS } from '../../tests/fakes/catalogue.ts';
import { NETWORK_IDS } from '../address/networks.ts';
import { CHANGELLY_BLOCKCHAINS, matchChangellyTicker } from './changelly.ts';
import { type NetworkCodes, networkCode, networkFromCode } from './kit.ts';
import { PROVIDER_REGISTRY } from './registry.ts';

const MAPS = PROVIDER_REGISTRY.filter((entry) => !Array.isArray(entry.networks)).map(
  (entry) => [entry.id, entry.networks as NetworkCodes] as const,
);

describe('currency and network mapping: no coin goes to another network', () => {
  it.each(MAPS)('%s: every code names one network of ours, and reads back to it', (_id, codes) => {
    fc.assert(
      fc.property(fc.constantFrom(...CATALOGUE_ASSETS), (asset) => {
        const code = networkCode(codes, asset.network);
        if (code === null) return;
        expect(networkFromCode(codes, code)).toBe(asset.network);
      }),
    );
    const used = Object.values(codes).map((code) => code?.toLowerCase());
    expect(new Set(used).size).toBe(used.length);
    for (const id of Object.keys(codes)) expect(NETWORK_IDS).toContain(id);
  });

  it('a Changelly ticker is always one of the asked blockchain, with the asked contract', () => {
    const chains = Object.values(CHANGELLY_BLOCKCHAINS) as string[];
    const currency = fc.record({
      ticker: fc.stringMatching(/^[a-z]{2,8}$/),
      blockchain: fc.constantFrom(...chains),
      contractAddress: fc.option(fc.constantFrom('0xaaa', '0xbbb', '0xccc'), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(currency, { maxLength: 30 }),
        fc.constantFrom(...chains),
        fc.stringMatching(/^[a-z]{2,6}$/),
        fc.option(fc.constantFrom('0xAAA', '0xBBB', '0xCCC'), { nil: null }),
        (list, blockchain, coin, contract) => {
          const ticker = matchChangellyTicker(list, { coin, contract }, blockchain);
          if (ticker === null) return;
          const matches = list.filter((c) => c.ticker === ticker && c.blockchain === blockchain);
          expect(matches.length).toBeGreaterThan(0);
          if (contract) {
            expect(matches.some((c) => c.contractAddress?.toLowerCase() === contract.toLowerCase())).toBe(
              true,
            );
          } else {
            expect(matches.some((c) => !c.contractAddress)).toBe(true);
          }
        },
      ),
    );
  });
});
