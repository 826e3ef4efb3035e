import { blake2b } from '@noble/hashes/blake2';
import { sha256, sha512, sha512_256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { base32nopad, base58, base58xmr, base58xrp, base64url, bech32, hex, utf8 } from '@scure/base';
import { BECH32_CHARSET, base58check, cashAddrPolymod, concatBytes, crc16Xmodem, eip55 } from './codec.ts';
import { NETWORKS, type NetworkDefinition } from './networks.ts';
import type { AddressFormat } from './validate.ts';

/** 64 key bytes per format, so two formats never share key material for one seed. */
function keyBytes(seed: Uint8Array, label: string, length: number): Uint8Array {
  const out = sha512(concatBytes(utf8.decode(`swapgate-deposit:${label}`), seed));
  return out.slice(0, length);
}

function hash160Address(version: readonly number[], key: Uint8Array): string {
  return base58check.encode(concatBytes(Uint8Array.from(version), key.subarray(0, 20)));
}

function segwitV0(hrp: string, key: Uint8Array): string {
  return bech32.encode(hrp, [0, ...bech32.toWords(key.subarray(0, 20))]);
}

/** CashAddr (Bitcoin Cash, Kaspa): prefix + ':' + base32 payload + 40-bit BCH checksum. */
function cashAddr(prefix: string, payload: Uint8Array): string {
  const words = bech32.toWords(payload);
  const prefixWords = [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f);
  const mod = cashAddrPolymod([...prefixWords, 0, ...words, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 0x1fn));
  return `${prefix}:${[...words, ...checksum].map((w) => BECH32_CHARSET.charAt(w)).join('')}`;
}

function evm(key: Uint8Array): string {
  return eip55(`0x${hex.encode(keccak_256(key).subarray(12))}`);
}

function xrp(key: Uint8Array): string {
  const data = concatBytes(Uint8Array.of(0), key.subarray(0, 20));
  return base58xrp.encode(concatBytes(data, sha256(sha256(data)).subarray(0, 4)));
}

function stellar(key: Uint8Array): string {
  const data = concatBytes(Uint8Array.of(6 << 3), key.subarray(0, 32));
  const crc = crc16Xmodem(data);
  return base32nopad.encode(concatBytes(data, Uint8Array.of(crc & 0xff, crc >> 8)));
}

function solana(key: Uint8Array): string {
  const pub = key.slice(0, 32);
  // A leading zero byte would shorten the base58 form below the 32 characters wallets expect.
  pub[0] = (pub[0] ?? 0) | 0x80;
  return base58.encode(pub);
}

/** Shelley enterprise address (header 0x61: key hash, mainnet) over a 28-byte credential. */
function cardano(key: Uint8Array): string {
  const bytes = concatBytes(Uint8Array.of(0x61), key.subarray(0, 28));
  return bech32.encode('addr', bech32.toWords(bytes));
}

function polkadot(key: Uint8Array): string {
  const data = concatBytes(Uint8Array.of(0), key.subarray(0, 32));
  const hash = blake2b(concatBytes(utf8.decode('SS58PRE'), data), { dkLen: 64 });
  return base58.encode(concatBytes(data, hash.subarray(0, 2)));
}

function monero(key: Uint8Array): string {
  const body = concatBytes(Uint8Array.of(18), key.subarray(0, 64));
  return base58xmr.encode(concatBytes(body, keccak_256(body).subarray(0, 4)));
}

function algorand(key: Uint8Array): string {
  const pub = key.subarray(0, 32);
  return base32nopad.encode(concatBytes(pub, sha512_256(pub).subarray(28)));
}

/** Hedera account '0.0.N'; N kept in the range real accounts have. */
function hedera(key: Uint8Array): string {
  const n = new DataView(key.buffer, key.byteOffset, 4).getUint32(0);
  return `0.0.${1_000_000 + (n % 9_000_000)}`;
}

/** TON friendly non-bounceable address (wallets receive on 'UQ...') on workchain 0. */
function ton(key: Uint8Array): string {
  const data = concatBytes(Uint8Array.of(0x51, 0x00), key.subarray(0, 32));
  const crc = crc16Xmodem(data);
  return base64url.encode(concatBytes(data, Uint8Array.of(crc >> 8, crc & 0xff)));
}

/** EOS account name: 12 characters of [a-z1-5]. */
function eos(key: Uint8Array): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz12345';
  return Array.from(key.subarray(0, 12), (byte) => alphabet.charAt(byte % alphabet.length)).join('');
}

const GENERATORS: Readonly<Record<AddressFormat, (key: Uint8Array) => string>> = {
  evm,
  bitcoin: (key) => segwitV0('bc', key),
  litecoin: (key) => segwitV0('ltc', key),
  dogecoin: (key) => hash160Address([0x1e], key),
  'bitcoin-cash': (key) => cashAddr('bitcoincash', concatBytes(Uint8Array.of(0), key.subarray(0, 20))),
  dash: (key) => hash160Address([0x4c], key),
  zcash: (key) => hash160Address([0x1c, 0xb8], key),
  tron: (key) => hash160Address([0x41], key),
  xrp,
  stellar,
  solana,
  cardano,
  polkadot,
  monero,
  algorand,
  // Implicit account: the hex of an ed25519 public key.
  near: (key) => hex.encode(key.subarray(0, 32)),
  tezos: (key) => hash160Address([6, 161, 159], key),
  hedera,
  aptos: (key) => `0x${hex.encode(key.subarray(0, 32))}`,
  sui: (key) => `0x${hex.encode(key.subarray(0, 32))}`,
  ton,
  eos,
  cosmos: (key) => bech32.encode('cosmos', bech32.toWords(key.subarray(0, 20))),
  kaspa: (key) => cashAddr('kaspa', concatBytes(Uint8Array.of(0), key.subarray(0, 32))),
};

function networkOf(networkId: string): NetworkDefinition {
  if (!Object.hasOwn(NETWORKS, networkId)) throw new Error(`Unknown network: ${networkId}`);
  return NETWORKS[networkId as keyof typeof NETWORKS];
}

function checkSeed(seed: Uint8Array): void {
  if (seed.length !== 32) throw new Error(`Deposit seed must be 32 bytes, got ${seed.length}`);
}

/** A valid address of the network's format, derived only from the 32 seed bytes. */
export function depositAddressFor(networkId: string, seed: Uint8Array): string {
  checkSeed(seed);
  const { addressFormat } = networkOf(networkId);
  return GENERATORS[addressFormat](keyBytes(seed, addressFormat, 64));
}

/**
 * The memo that goes with a deposit address on memo networks, or undefined elsewhere. Digits
 * of a uint32 (never 0) fit every memo format: an XRP tag, a Stellar MEMO_ID, any text memo.
 */
export function depositMemoFor(networkId: string, seed: Uint8Array): string | undefined {
  checkSeed(seed);
  if (!networkOf(networkId).memo) return undefined;
  const bytes = keyBytes(seed, 'memo', 4);
  const n = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  return String(n === 0 ? 1 : n);
}
