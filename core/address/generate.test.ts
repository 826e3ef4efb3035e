import { sha256 } from '@noble/hashes/sha2';
import { utf8 } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { depositAddressFor, depositMemoFor } from './generate.ts';
import { NETWORK_IDS, NETWORKS } from './networks.ts';
import { validateAddress, validateMemo } from './validate.ts';

const SEEDS = [
  new Uint8Array(32),
  new Uint8Array(32).fill(0xff),
  ...Array.from({ length: 20 }, (_, i) => sha256(utf8.decode(`seed-${i}`))),
];

describe('depositAddressFor', () => {
  it('gives a valid address for every network and seed', () => {
    for (const network of NETWORK_IDS) {
      for (const seed of SEEDS) {
        const address = depositAddressFor(network, seed);
        expect(validateAddress(network, address), `${network}: ${address}`).toMatchObject({ valid: true });
      }
    }
  });

  it('is deterministic and differs between seeds', () => {
    for (const network of NETWORK_IDS) {
      const [a, b] = [SEEDS[2], SEEDS[3]] as [Uint8Array, Uint8Array];
      expect(depositAddressFor(network, a)).toBe(depositAddressFor(network, Uint8Array.from(a)));
      expect(depositAddressFor(network, a)).not.toBe(depositAddressFor(network, b));
    }
  });

  it('returns the normalized form the validator would store', () => {
    for (const network of NETWORK_IDS) {
      const address = depositAddressFor(network, SEEDS[5] as Uint8Array);
      const result = validateAddress(network, address);
      expect(result.valid && result.normalized).toBe(address);
    }
  });

  it('refuses unknown networks and wrong seed sizes', () => {
    expect(() => depositAddressFor('nope', SEEDS[0] as Uint8Array)).toThrow(/Unknown network/);
    expect(() => depositAddressFor('__proto__', SEEDS[0] as Uint8Array)).toThrow(/Unknown network/);
    expect(() => depositAddressFor('bitcoin', new Uint8Array(31))).toThrow(/32 bytes/);
  });
});

describe('depositMemoFor', () => {
  it('gives a valid memo on memo networks and none elsewhere', () => {
    for (const network of NETWORK_IDS) {
      for (const seed of SEEDS) {
        const memo = depositMemoFor(network, seed);
        if (NETWORKS[network].memo) {
          expect(memo, network).toBeDefined();
          expect(validateMemo(network, memo ?? ''), `${network}: ${memo}`).toEqual({ valid: true });
        } else {
          expect(memo, network).toBeUndefined();
        }
      }
    }
  });

  it('gives XRP destination tags as uint32 digits', () => {
    const tag = depositMemoFor('xrp', SEEDS[4] as Uint8Array) ?? '';
    expect(tag).toMatch(/^[1-9]\d{0,9}$/);
    expect(Number(tag)).toBeLessThanOrEqual(4294967295);
  });
});
