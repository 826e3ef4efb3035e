import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { createBase58check } from '@scure/base';

/** Encoding primitives shared by address validation and deposit address generation. */

export const base58check = createBase58check(sha256);

export const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** CRC16-XModem (poly 0x1021, init 0): the checksum of Stellar strkeys and TON friendly addresses. */
export function crc16Xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

export const CASHADDR_GENERATORS = [
  0x98f2bc8e61n,
  0x79b76d99e2n,
  0xf33e5fb3c4n,
  0xae2eabe2a8n,
  0x1e4f43e470n,
] as const;

/** The 40-bit BCH code of the CashAddr spec; Kaspa reuses it unchanged. */
export function cashAddrPolymod(values: readonly number[]): bigint {
  let c = 1n;
  for (const value of values) {
    const top = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(value);
    CASHADDR_GENERATORS.forEach((gen, i) => {
      if ((top >> BigInt(i)) & 1n) c ^= gen;
    });
  }
  return c ^ 1n;
}

/**
 * EIP-55: an EVM address with the letters of its hex in upper case where the keccak-256 of the
 * lower-case hex has a nibble of 8 or more. `address` is 0x + 40 hex digits in any case.
 */
export function eip55(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? lower.charAt(i).toUpperCase() : lower.charAt(i);
  }
  return out;
}
