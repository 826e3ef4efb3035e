import { blake2b } from '@noble/hashes/blake2';
import { sha256, sha512_256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import {
  base32nopad,
  base58,
  base58xmr,
  base58xrp,
  base64,
  base64url,
  bech32,
  bech32m,
  createBase58check,
  hex,
  utf8,
} from '@scure/base';
import fc from 'fast-check';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { NETWORK_IDS, NETWORKS, type NetworkId } from './networks.ts';
import { type AddressFormat, validateAddress, validateMemo } from './validate.ts';

// Every address here is BUILT from random bytes with the encoders (scure/noble, plus small
// reference CRC and CashAddr implementations written independently of validate.ts), so a
// passing property means validator and encoder agree on the format.

const RUNS = { numRuns: 150 };

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XRP58 = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

const base58check = createBase58check(sha256);

const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });

function concat(...parts: ArrayLike<number>[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((p) => Array.from(p)));
}

// ---------------------------------------------------------------------------
// Reference checksums
// ---------------------------------------------------------------------------

/** CRC16-XModem, table-free reference. */
function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    for (let bit = 7; bit >= 0; bit--) {
      const feedback = ((crc >> 15) & 1) ^ ((byte >> bit) & 1);
      crc = ((crc << 1) & 0xffff) ^ (feedback ? 0x1021 : 0);
    }
  }
  return crc;
}

/** CRC32 (IEEE) with a lookup table. */
const CRC32_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC32_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** CashAddr encoder (spec pseudo-code): 40-bit polymod over prefix, separator, data, 8 zeros. */
function cashAddrEncode(prefix: string, payload: Uint8Array): string {
  const generators = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
  const words = bech32.toWords(payload);
  const values = [...[...prefix].map((c) => c.charCodeAt(0) & 31), 0, ...words, 0, 0, 0, 0, 0, 0, 0, 0];
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    generators.forEach((g, i) => {
      if ((c0 >> BigInt(i)) & 1n) c ^= g;
    });
  }
  const mod = c ^ 1n;
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return `${prefix}:${[...words, ...checksum].map((w) => BECH32[w]).join('')}`;
}

// ---------------------------------------------------------------------------
// Families built as encode(data || checksum(data)); a flipped data byte must be caught.
// ---------------------------------------------------------------------------

type ByteFamily = {
  name: string;
  network: NetworkId;
  data: fc.Arbitrary<Uint8Array>;
  checksum: (data: Uint8Array) => Uint8Array;
  encode: (full: Uint8Array) => string;
  alphabet: string;
  /** Expected first characters, which pins down the version/prefix constants. */
  startsWith?: RegExp;
};

const doubleSha4 = (data: Uint8Array) => sha256(sha256(data)).subarray(0, 4);

/** Base58Check family: version bytes + 20-byte hash. */
function base58Family(
  name: string,
  network: NetworkId,
  versions: number[][],
  startsWith: RegExp,
): ByteFamily {
  return {
    name,
    network,
    data: fc.tuple(fc.constantFrom(...versions), bytes(20)).map(([v, h]) => concat(v, h)),
    checksum: doubleSha4,
    encode: (full) => base58.encode(full),
    alphabet: BASE58,
    startsWith,
  };
}

const SS58_PRE = utf8.decode('SS58PRE');
const polkadotChecksum = (data: Uint8Array) => blake2b(concat(SS58_PRE, data), { dkLen: 64 }).subarray(0, 2);

const BYTE_FAMILIES: ByteFamily[] = [
  base58Family('bitcoin base58', 'bitcoin', [[0x00], [0x05]], /^[13]/),
  base58Family('litecoin base58', 'litecoin', [[0x30], [0x32], [0x05]], /^[LM3]/),
  base58Family('dogecoin', 'dogecoin', [[0x1e], [0x16]], /^[D9A]/),
  base58Family('dash', 'dash', [[0x4c], [0x10]], /^[X7]/),
  base58Family('bitcoin-cash legacy', 'bitcoin-cash', [[0x00], [0x05]], /^[13]/),
  base58Family('tron', 'tron', [[0x41]], /^T/),
  base58Family(
    'zcash',
    'zcash',
    [
      [0x1c, 0xb8],
      [0x1c, 0xbd],
    ],
    /^t[13]/,
  ),
  base58Family(
    'tezos',
    'tezos',
    [
      [6, 161, 159],
      [6, 161, 161],
      [6, 161, 164],
      [2, 90, 121],
    ],
    /^(tz[123]|KT1)/,
  ),
  {
    name: 'xrp',
    network: 'xrp',
    data: bytes(20).map((h) => concat([0], h)),
    checksum: doubleSha4,
    encode: (full) => base58xrp.encode(full),
    alphabet: XRP58,
    startsWith: /^r/,
  },
  {
    name: 'stellar',
    network: 'stellar',
    data: bytes(32).map((k) => concat([6 << 3], k)),
    checksum: (data) => {
      const crc = crc16(data);
      return Uint8Array.of(crc & 0xff, crc >> 8);
    },
    encode: (full) => base32nopad.encode(full),
    alphabet: BASE32,
    startsWith: /^G/,
  },
  {
    name: 'algorand',
    network: 'algorand',
    data: bytes(32),
    checksum: (key) => sha512_256(key).subarray(28),
    encode: (full) => base32nopad.encode(full),
    alphabet: BASE32,
  },
  {
    name: 'polkadot',
    network: 'polkadot',
    data: bytes(32).map((key) => concat([0], key)),
    checksum: polkadotChecksum,
    encode: (full) => base58.encode(full),
    alphabet: BASE58,
    startsWith: /^1/,
  },
  {
    name: 'monero',
    network: 'monero',
    data: fc.oneof(
      fc.tuple(fc.constantFrom(18, 42), bytes(64)).map(([net, keys]) => concat([net], keys)),
      bytes(72).map((keysAndId) => concat([19], keysAndId)),
    ),
    checksum: (data) => keccak_256(data).subarray(0, 4),
    encode: (full) => base58xmr.encode(full),
    alphabet: BASE58,
    startsWith: /^[48]/,
  },
  {
    name: 'ton friendly',
    network: 'ton',
    data: fc
      .tuple(fc.constantFrom(0x11, 0x51), fc.constantFrom(0x00, 0xff), bytes(32))
      .map(([flags, wc, hash]) => concat([flags, wc], hash)),
    checksum: (data) => {
      const crc = crc16(data);
      return Uint8Array.of(crc >> 8, crc & 0xff);
    },
    encode: (full) => base64url.encode(full),
    alphabet: BASE64URL,
    startsWith: /^[EU][Qf]/,
  },
];

// Polkadot's checksum is 16 bits: a random corruption passes it once in 65536 tries, so
// its corruption properties compare against the reference checksum instead of "always invalid".
function polkadotReferenceValid(address: string): boolean {
  try {
    const raw = base58.decode(address);
    if (raw.length !== 35 || raw[0] !== 0) return false;
    const expected = polkadotChecksum(raw.subarray(0, 33));
    return expected[0] === raw[33] && expected[1] === raw[34];
  } catch {
    return false;
  }
}

function expectedAfterCorruption(family: { name: string }, corrupted: string): boolean {
  return family.name === 'polkadot' ? polkadotReferenceValid(corrupted) : false;
}

// ---------------------------------------------------------------------------
// Families built with bech32 / CashAddr / structured encoders.
// ---------------------------------------------------------------------------

type StringFamily = {
  name: string;
  network: NetworkId;
  valid: fc.Arbitrary<string>;
  alphabet: string;
  /** First character index covered by the checksum (skips hrp / prefix). */
  bodyStart: (address: string) => number;
};

const afterSeparator = (sep: string) => (address: string) => address.lastIndexOf(sep) + 1;

function segwit(hrp: string) {
  return fc.oneof(
    fc
      .constantFrom(20, 32)
      .chain((n) => bytes(n))
      .map((p) => bech32.encode(hrp, [0, ...bech32.toWords(p)])),
    bytes(32).map((p) => bech32m.encode(hrp, [1, ...bech32m.toWords(p)])),
  );
}

/** Shelley header: type 0-3 base (57 bytes) or 6-7 enterprise (29 bytes), network 1. */
const shelleyBytes = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 3 }), bytes(56)).map(([t, rest]) => concat([(t << 4) | 1], rest)),
  fc.tuple(fc.constantFrom(6, 7), bytes(28)).map(([t, rest]) => concat([(t << 4) | 1], rest)),
);

/** Byron envelope: CBOR [tag 24 (bytes payload), crc32(payload)]. */
function byronEncode(payload: Uint8Array): string {
  const head = payload.length < 24 ? [0x40 + payload.length] : [0x58, payload.length];
  const crc = crc32(payload);
  const crcBytes = [0x1a, crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff];
  return base58.encode(concat([0x82, 0xd8, 0x18], head, payload, crcBytes));
}

const STRING_FAMILIES: StringFamily[] = [
  {
    name: 'bitcoin segwit',
    network: 'bitcoin',
    valid: segwit('bc'),
    alphabet: BECH32,
    bodyStart: afterSeparator('1'),
  },
  {
    name: 'litecoin segwit',
    network: 'litecoin',
    valid: segwit('ltc'),
    alphabet: BECH32,
    bodyStart: afterSeparator('1'),
  },
  {
    name: 'cosmos',
    network: 'cosmos',
    valid: fc
      .constantFrom(20, 32)
      .chain((n) => bytes(n))
      .map((b) => bech32.encode('cosmos', bech32.toWords(b))),
    alphabet: BECH32,
    bodyStart: afterSeparator('1'),
  },
  {
    name: 'cardano shelley',
    network: 'cardano',
    valid: shelleyBytes.map((b) => bech32.encode('addr', bech32.toWords(b), false)),
    alphabet: BECH32,
    bodyStart: afterSeparator('1'),
  },
  {
    name: 'cardano byron',
    network: 'cardano',
    valid: fc.uint8Array({ minLength: 33, maxLength: 80 }).map(byronEncode),
    alphabet: BASE58,
    bodyStart: () => 0,
  },
  {
    name: 'bitcoin-cash cashaddr',
    network: 'bitcoin-cash',
    valid: fc
      .tuple(fc.constantFrom(0, 1), fc.constantFrom([0, 20] as const, [3, 32] as const))
      .chain(([type, [size, n]]) => bytes(n).map((h) => concat([(type << 3) | size], h)))
      .map((payload) => cashAddrEncode('bitcoincash', payload)),
    alphabet: BECH32,
    bodyStart: afterSeparator(':'),
  },
  {
    name: 'kaspa',
    network: 'kaspa',
    valid: fc
      .constantFrom([0, 32] as const, [1, 33] as const, [8, 32] as const)
      .chain(([version, n]) => bytes(n).map((key) => concat([version], key)))
      .map((payload) => cashAddrEncode('kaspa', payload)),
    alphabet: BECH32,
    bodyStart: afterSeparator(':'),
  },
  ...BYTE_FAMILIES.map((f) => ({
    name: f.name,
    network: f.network,
    valid: f.data.map((d) => f.encode(concat(d, f.checksum(d)))),
    alphabet: f.alphabet,
    bodyStart: () => 0,
  })),
];

/** Replaces one checksummed character with a different character of the same alphabet. */
function corruptOneChar(family: StringFamily) {
  return fc.tuple(family.valid, fc.nat(), fc.nat()).map(([address, i, j]) => {
    const start = family.bodyStart(address);
    const index = start + (i % (address.length - start));
    const current = address.charAt(index);
    const others = family.alphabet.replace(current, '');
    const replacement = others.charAt(j % others.length);
    return { address, corrupted: address.slice(0, index) + replacement + address.slice(index + 1) };
  });
}

describe('property: built addresses are valid', () => {
  for (const family of STRING_FAMILIES) {
    it(`${family.name} on ${family.network}`, () => {
      fc.assert(
        fc.property(family.valid, (address) => {
          const result = validateAddress(family.network, address);
          expect(result.valid, address).toBe(true);
          // Normalizing is idempotent.
          if (result.valid) expect(validateAddress(family.network, result.normalized)).toEqual(result);
        }),
        RUNS,
      );
    });
  }

  it('encoders produce the expected leading characters (pins version/prefix constants)', () => {
    for (const family of BYTE_FAMILIES) {
      if (!family.startsWith) continue;
      const pattern = family.startsWith;
      fc.assert(
        fc.property(family.data, (d) => {
          expect(family.encode(concat(d, family.checksum(d)))).toMatch(pattern);
        }),
        { numRuns: 50 },
      );
    }
  });

  it('the hand-built base58check bytes match scure createBase58check', () => {
    const bitcoin = BYTE_FAMILIES.find((f) => f.name === 'bitcoin base58');
    if (!bitcoin) throw new Error('missing bitcoin family');
    fc.assert(
      fc.property(bitcoin.data, (d) => {
        expect(bitcoin.encode(concat(d, bitcoin.checksum(d)))).toBe(base58check.encode(d));
      }),
      { numRuns: 50 },
    );
  });

  it('TON friendly addresses are valid in the standard base64 alphabet too', () => {
    const ton = BYTE_FAMILIES.find((f) => f.name === 'ton friendly');
    if (!ton) throw new Error('missing ton family');
    fc.assert(
      fc.property(ton.data, (d) => {
        const address = base64.encode(concat(d, ton.checksum(d)));
        expect(validateAddress('ton', address).valid).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('property: one changed character is caught by the checksum', () => {
  for (const family of STRING_FAMILIES) {
    it(`${family.name}`, () => {
      fc.assert(
        fc.property(corruptOneChar(family), ({ corrupted }) => {
          const result = validateAddress(family.network, corrupted);
          expect(result.valid, corrupted).toBe(expectedAfterCorruption(family, corrupted));
        }),
        RUNS,
      );
    });
  }
});

describe('property: a changed payload byte, re-encoded with the old checksum, is caught', () => {
  for (const family of BYTE_FAMILIES) {
    it(`${family.name}`, () => {
      const corrupted = fc
        .tuple(family.data, fc.nat(), fc.integer({ min: 1, max: 255 }))
        .map(([data, i, delta]) => {
          const full = concat(data, family.checksum(data));
          const index = i % data.length;
          full[index] = ((full[index] ?? 0) + delta) & 0xff;
          return family.encode(full);
        });
      fc.assert(
        fc.property(corrupted, (address) => {
          expect(validateAddress(family.network, address).valid, address).toBe(
            expectedAfterCorruption(family, address),
          );
        }),
        RUNS,
      );
    });
  }
});

describe('property: EVM', () => {
  const evmNetworks = NETWORK_IDS.filter((id) => NETWORKS[id].addressFormat === 'evm');
  const checksummed = bytes(20).map((b) => getAddress(`0x${hex.encode(b)}`));

  it('accepts checksummed, lowercase and uppercase forms, normalized to EIP-55', () => {
    fc.assert(
      fc.property(checksummed, fc.constantFrom(...evmNetworks), (address, id) => {
        const upper = `0x${address.slice(2).toUpperCase()}`;
        for (const form of [address, address.toLowerCase(), upper]) {
          expect(validateAddress(id, form)).toEqual({ valid: true, normalized: address });
        }
      }),
      RUNS,
    );
  });

  it('flipping the case of one letter in a mixed-case address is a checksum error', () => {
    fc.assert(
      fc.property(checksummed, fc.nat(), (address, i) => {
        const letters = [...address.slice(2)].flatMap((ch, k) => (/[a-fA-F]/.test(ch) ? [k + 2] : []));
        fc.pre(letters.length > 0);
        const index = letters[i % letters.length] ?? 2;
        const ch = address.charAt(index);
        const flipped = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
        const corrupted = address.slice(0, index) + flipped + address.slice(index + 1);
        const body = corrupted.slice(2);
        fc.pre(body !== body.toLowerCase() && body !== body.toUpperCase());
        expect(validateAddress('ethereum', corrupted)).toEqual({ valid: false, reason: 'checksum' });
      }),
      RUNS,
    );
  });
});

describe('property: formats without a checksum', () => {
  it('solana: base58 text is valid exactly when it decodes to 32 bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (b) => {
        expect(validateAddress('solana', base58.encode(b)).valid).toBe(b.length === 32);
      }),
      RUNS,
    );
  });

  it('aptos/sui: 0x + 64 hex is valid, other lengths are not', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 40 }),
        fc.constantFrom('aptos', 'sui'),
        (b, id) => {
          const address = `0x${hex.encode(b)}`;
          expect(validateAddress(id, address).valid).toBe(b.length === 32);
        },
      ),
      RUNS,
    );
  });

  it('ton raw: workchain 0/-1 with 32-byte hash', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '-1'), bytes(32), (wc, b) => {
        expect(validateAddress('ton', `${wc}:${hex.encode(b)}`).valid).toBe(true);
      }),
      RUNS,
    );
  });

  it('hedera: any int64 account number in shard 0 realm 0', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), (num) => {
        expect(validateAddress('hedera', `0.0.${num}`)).toEqual({ valid: true, normalized: `0.0.${num}` });
      }),
      RUNS,
    );
  });

  it('near: names built from the account grammar are valid', () => {
    const part = fc
      .array(fc.stringMatching(/^[a-z0-9]{1,6}$/), { minLength: 1, maxLength: 3 })
      .chain((chunks) =>
        fc
          .array(fc.constantFrom('-', '_'), { minLength: chunks.length - 1, maxLength: chunks.length - 1 })
          .map((seps) => chunks.map((c, k) => c + (seps[k] ?? '')).join('')),
      );
    const name = fc
      .array(part, { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join('.'))
      // Hedera ids like '0.0.5' also fit the grammar; the NEAR validator rejects them on purpose.
      .filter((n) => n.length >= 2 && n.length <= 64 && !validateAddress('hedera', n).valid);
    fc.assert(
      fc.property(name, (account) => {
        expect(validateAddress('near', account).valid, account).toBe(true);
      }),
      RUNS,
    );
  });

  it('eos: names from [a-z1-5.] without edge dots are valid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z1-5]([a-z1-5.]{0,10}[a-z1-5])?$/), (name) => {
        expect(validateAddress('eos', name).valid, name).toBe(true);
      }),
      RUNS,
    );
  });
});

// Formats that legitimately accept each other's strings.
const OVERLAPS: Partial<Record<AddressFormat, AddressFormat[]>> = {
  bitcoin: ['litecoin', 'bitcoin-cash'],
  litecoin: ['bitcoin', 'bitcoin-cash'],
  'bitcoin-cash': ['bitcoin', 'litecoin'],
  aptos: ['sui'],
  sui: ['aptos'],
  evm: ['near'], // lowercase EVM addresses are NEAR ETH-implicit accounts
};

describe('property: an address given for another network family is rejected as network', () => {
  for (const family of STRING_FAMILIES) {
    const own = NETWORKS[family.network].addressFormat;
    const allowed = new Set([own, ...(OVERLAPS[own] ?? [])]);
    const foreign = NETWORK_IDS.filter((id) => !allowed.has(NETWORKS[id].addressFormat));
    it(`${family.name}`, () => {
      fc.assert(
        fc.property(family.valid, fc.constantFrom(...foreign), (address, id) => {
          expect(validateAddress(id, address), `${id}: ${address}`).toEqual({
            valid: false,
            reason: 'network',
          });
        }),
        RUNS,
      );
    });
  }
});

describe('property: arbitrary input never throws', () => {
  const lookalike = fc.oneof(
    fc.string({ maxLength: 120 }),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{20,110}$/),
    fc.stringMatching(
      /^(bc|ltc|cosmos|addr|kaspa:|bitcoincash:)1?[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,110}$/,
    ),
    fc.stringMatching(/^0x[0-9a-fA-F]{30,70}$/),
    fc.stringMatching(/^[A-Za-z0-9+/_-]{40,60}$/),
    fc.stringMatching(/^-?\d{1,3}[.:]\d{1,20}(\.\d{1,25})?(-[a-z]{5})?$/),
  );
  const reasons = ['empty', 'format', 'checksum', 'network'];

  it('validateAddress returns a result for every network', () => {
    fc.assert(
      fc.property(lookalike, fc.constantFrom(...NETWORK_IDS), (input, id) => {
        const result = validateAddress(id, input);
        if (!result.valid) expect(reasons).toContain(result.reason);
      }),
      { numRuns: 600 },
    );
  });

  it('validateMemo returns a result for every network', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.constantFrom(...NETWORK_IDS),
        (memo, id) => {
          expect(typeof validateMemo(id, memo).valid).toBe('boolean');
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('property: memos', () => {
  it('XRP destination tags: exactly the canonical uint32 decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 40n }), (n) => {
        expect(validateMemo('xrp', n.toString()).valid).toBe(n <= 4294967295n);
        expect(validateMemo('xrp', `0${n}`).valid).toBe(false);
        expect(validateMemo('xrp', `-${n}`).valid).toBe(false);
      }),
      RUNS,
    );
  });

  it('Stellar text memos: valid up to 28 UTF-8 bytes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), (memo) => {
        fc.pre(!/^\d+$/.test(memo));
        const size = new TextEncoder().encode(memo).length;
        expect(validateMemo('stellar', memo)).toEqual(
          size <= 28 ? { valid: true } : { valid: false, reason: 'too-long' },
        );
      }),
      RUNS,
    );
  });
});
