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
  utf8,
} from '@scure/base';
import { BECH32_CHARSET, base58check, cashAddrPolymod, concatBytes, crc16Xmodem, eip55 } from './codec.ts';
import { NETWORKS, type NetworkDefinition } from './networks.ts';

/** Address encodings; several networks may share one (all EVM chains use 'evm'). */
export type AddressFormat =
  | 'evm'
  | 'bitcoin'
  | 'litecoin'
  | 'dogecoin'
  | 'bitcoin-cash'
  | 'dash'
  | 'zcash'
  | 'tron'
  | 'xrp'
  | 'stellar'
  | 'solana'
  | 'cardano'
  | 'polkadot'
  | 'monero'
  | 'algorand'
  | 'near'
  | 'tezos'
  | 'hedera'
  | 'aptos'
  | 'sui'
  | 'ton'
  | 'eos'
  | 'cosmos'
  | 'kaspa';

/** Memo encodings: XRP destination tag, Stellar id-or-text, and plain text with a UTF-8 byte limit. */
export type MemoFormat = 'uint32' | 'stellar' | 'text-256' | 'text-120' | 'text-100';

export type AddressInvalidReason = 'empty' | 'format' | 'checksum' | 'network' | 'unknown-network';

export type AddressValidation =
  | { valid: true; normalized: string }
  | { valid: false; reason: AddressInvalidReason };

export type MemoValidation =
  | { valid: true }
  | { valid: false; reason: 'format' | 'too-long' | 'not-supported' };

/** What a single format check can say; 'empty' and 'unknown-network' are decided before it runs. */
type FormatResult =
  | { valid: true; normalized: string }
  | { valid: false; reason: 'format' | 'checksum' | 'network' };

type FormatValidator = (address: string) => FormatResult;

// Longest real address we accept (Byron 'DdzFF' and pointer addresses stay well below);
// base58 decoding is quadratic, so pasted garbage is cut off before any decoding.
const MAX_ADDRESS_LENGTH = 256;

const ok = (normalized: string): FormatResult => ({ valid: true, normalized });
const FORMAT: FormatResult = { valid: false, reason: 'format' };
const CHECKSUM: FormatResult = { valid: false, reason: 'checksum' };
const NETWORK: FormatResult = { valid: false, reason: 'network' };

const BASE58_RE = /^[1-9A-HJ-NP-Za-km-z]+$/;
const BECH32_DATA_RE = /^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]+$/;

// ---------------------------------------------------------------------------
// Small byte helpers
// ---------------------------------------------------------------------------

/** Decoders throw on bad input; validation wants a value or nothing. */
function tryDecode(decode: (s: string) => Uint8Array, s: string): Uint8Array | null {
  try {
    return decode(s);
  } catch {
    return null;
  }
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

function startsWithBytes(data: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => data[i] === byte);
}

/** Bech32-style strings must not mix cases (BIP-173); returns the lowercase form or null. */
function singleCaseLower(s: string): string | null {
  const lower = s.toLowerCase();
  return s === lower || s === s.toUpperCase() ? lower : null;
}

/** CRC32 (IEEE, reflected): the checksum inside Cardano Byron addresses. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

// ---------------------------------------------------------------------------
// Base58Check (Bitcoin family, Tron, Zcash, Tezos)
// ---------------------------------------------------------------------------

/**
 * Decodes base58check data of an exact length (version + payload, without the 4 checksum
 * bytes). A wrong length is a shape error, so only well-shaped strings can fail on checksum.
 */
function decodeBase58Check(s: string, dataLength: number): Uint8Array | 'format' | 'checksum' {
  if (!BASE58_RE.test(s)) return 'format';
  const raw = tryDecode(base58.decode, s);
  if (!raw || raw.length !== dataLength + 4) return 'format';
  return tryDecode(base58check.decode, s) ?? 'checksum';
}

type VersionTable = { main: readonly number[]; test: readonly number[] };

// One-byte versions of 20-byte hash addresses; every one listed here is "some network",
// so seeing another family's (or a testnet's) version byte means 'network', not a typo.
const HASH160_VERSIONS = {
  bitcoin: { main: [0x00, 0x05], test: [0x6f, 0xc4] },
  litecoin: { main: [0x30, 0x32, 0x05], test: [0x6f, 0xc4, 0x3a] },
  dogecoin: { main: [0x1e, 0x16], test: [0x71, 0xc4] },
  dash: { main: [0x4c, 0x10], test: [0x8c, 0x13] },
  tron: { main: [0x41], test: [0xa0] },
} as const satisfies Record<string, VersionTable>;

const ALL_HASH160_VERSIONS = new Set<number>(
  Object.values(HASH160_VERSIONS).flatMap((t) => [...t.main, ...t.test]),
);

/** Legacy base58check P2PKH/P2SH: 1 version byte + 20-byte hash. */
function validateHash160(s: string, table: VersionTable): FormatResult {
  const data = decodeBase58Check(s, 21);
  if (data === 'format') return FORMAT;
  if (data === 'checksum') return CHECKSUM;
  const version = data[0] ?? -1;
  if (table.main.includes(version)) return ok(s);
  return ALL_HASH160_VERSIONS.has(version) ? NETWORK : FORMAT;
}

// ---------------------------------------------------------------------------
// Segwit bech32 / bech32m (Bitcoin, Litecoin)
// ---------------------------------------------------------------------------

type SegwitHrps = { main: string; test: readonly string[] };

/**
 * BIP-173/350 segwit address: v0 must be bech32 with a 20- or 32-byte program, v1 must be
 * bech32m with a 32-byte (taproot) program. Later versions are valid on chain but not yet
 * spendable safely, so a payout to them is refused as 'format'.
 */
function validateSegwit(s: string, hrps: SegwitHrps): FormatResult {
  const lower = singleCaseLower(s);
  if (!lower || lower.length > 90) return FORMAT;
  const sep = lower.lastIndexOf('1');
  const hrp = lower.slice(0, sep);
  const data = lower.slice(sep + 1);
  const isTest = hrps.test.includes(hrp);
  if (sep < 1 || (hrp !== hrps.main && !isTest)) return FORMAT;
  if (data.length < 7 || !BECH32_DATA_RE.test(data)) return FORMAT;
  const version = BECH32_CHARSET.indexOf(data.charAt(0));
  if (version > 1) return FORMAT;
  const decoded = (version === 0 ? bech32 : bech32m).decodeUnsafe(lower);
  if (!decoded) return CHECKSUM;
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1));
  if (!program) return FORMAT;
  const lengthOk = version === 0 ? program.length === 20 || program.length === 32 : program.length === 32;
  if (!lengthOk) return FORMAT;
  return isTest ? NETWORK : ok(lower);
}

// ---------------------------------------------------------------------------
// CashAddr polymod (Bitcoin Cash, Kaspa)
// ---------------------------------------------------------------------------

/** The checksum covers the prefix's low 5 bits, a 0 separator and all data words. */
function cashAddrChecksumOk(prefix: string, words: readonly number[]): boolean {
  const prefixWords = [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f);
  return cashAddrPolymod([...prefixWords, 0, ...words]) === 0n;
}

type CashAddrPrefixes = { main: string; test: readonly string[]; prefixOptional: boolean };
type CashAddrDecoded = { prefix: string; body: string; payload: Uint8Array; isTest: boolean };

/**
 * Splits 'prefix:body', checks the 8-word checksum and returns the payload bytes. Without a
 * prefix the mainnet one is assumed; if only a testnet prefix makes the checksum work, the
 * address belongs to a testnet.
 */
function decodeCashAddr(s: string, prefixes: CashAddrPrefixes): CashAddrDecoded | 'format' | 'checksum' {
  const lower = singleCaseLower(s);
  if (!lower) return 'format';
  const colon = lower.indexOf(':');
  if (colon === -1 && !prefixes.prefixOptional) return 'format';
  const given = colon === -1 ? null : lower.slice(0, colon);
  const body = lower.slice(colon + 1);
  const known = [prefixes.main, ...prefixes.test];
  if (given !== null && !known.includes(given)) return 'format';
  if (body.length < 9 || !BECH32_DATA_RE.test(body)) return 'format';
  const words = [...body].map((ch) => BECH32_CHARSET.indexOf(ch));
  const prefix = (given === null ? known : [given]).find((p) => cashAddrChecksumOk(p, words));
  if (prefix === undefined) return 'checksum';
  const payload = bech32.fromWordsUnsafe(words.slice(0, -8));
  if (!payload) return 'format';
  return { prefix, body, payload, isTest: prefix !== prefixes.main };
}

// CashAddr version byte: bit 7 reserved, bits 3-6 type, bits 0-2 hash size code.
const CASHADDR_HASH_SIZES = [20, 24, 28, 32, 40, 48, 56, 64] as const;

/** Types 0/1 are P2PKH/P2SH, 2/3 their CashTokens-aware twins; real hashes are 20 or 32 bytes. */
function cashAddrPayloadOk(payload: Uint8Array): boolean {
  const version = payload[0] ?? 0xff;
  const type = (version >> 3) & 0x0f;
  const hashSize = CASHADDR_HASH_SIZES[version & 0x07] ?? 0;
  const sizeOk = hashSize === 20 || hashSize === 32;
  return (version & 0x80) === 0 && type <= 3 && sizeOk && payload.length === hashSize + 1;
}

// ---------------------------------------------------------------------------
// Format validators
// ---------------------------------------------------------------------------

/** EVM: 0x + 40 hex. Single-case input carries no checksum; mixed case must match EIP-55. */
function validateEvm(s: string): FormatResult {
  if (!/^0x[0-9a-fA-F]{40}$/.test(s)) return FORMAT;
  const body = s.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) {
    return ok(eip55(s));
  }
  return eip55(s) === s ? ok(s) : CHECKSUM;
}

/**
 * Bech32 strings are single-case; a mixed-case string that merely starts like one (a legacy
 * 'LTC1Nb...' base58 address does) belongs to the base58 path.
 */
function looksLikeBech32(s: string, hrpPattern: RegExp): boolean {
  return singleCaseLower(s) !== null && hrpPattern.test(s);
}

function validateBitcoin(s: string): FormatResult {
  if (looksLikeBech32(s, /^(bc|tb|bcrt)1/i)) return validateSegwit(s, { main: 'bc', test: ['tb', 'bcrt'] });
  return validateHash160(s, HASH160_VERSIONS.bitcoin);
}

function validateLitecoin(s: string): FormatResult {
  if (looksLikeBech32(s, /^(ltc|tltc|rltc)1/i))
    return validateSegwit(s, { main: 'ltc', test: ['tltc', 'rltc'] });
  return validateHash160(s, HASH160_VERSIONS.litecoin);
}

function validateDogecoin(s: string): FormatResult {
  return validateHash160(s, HASH160_VERSIONS.dogecoin);
}

function validateDash(s: string): FormatResult {
  return validateHash160(s, HASH160_VERSIONS.dash);
}

/** Tron: base58check of 0x41 + 20-byte account hash ('T...'). */
function validateTron(s: string): FormatResult {
  return validateHash160(s, HASH160_VERSIONS.tron);
}

/** Bitcoin Cash: CashAddr with optional 'bitcoincash:' prefix, or a legacy base58 address. */
function validateBitcoinCash(s: string): FormatResult {
  if (BASE58_RE.test(s) && s.length <= 35) return validateHash160(s, HASH160_VERSIONS.bitcoin);
  const decoded = decodeCashAddr(s, {
    main: 'bitcoincash',
    test: ['bchtest', 'bchreg'],
    prefixOptional: true,
  });
  if (decoded === 'format') return FORMAT;
  if (decoded === 'checksum') return CHECKSUM;
  if (!cashAddrPayloadOk(decoded.payload)) return FORMAT;
  return decoded.isTest ? NETWORK : ok(`bitcoincash:${decoded.body}`);
}

// Kaspa version byte -> payload length: Schnorr pubkey, ECDSA pubkey, script hash.
const KASPA_PAYLOAD_LENGTHS: Readonly<Record<number, number>> = { 0: 32, 1: 33, 8: 32 };

/** Kaspa: 'kaspa:' + CashAddr-style body (same polymod) over version byte + key/script hash. */
function validateKaspa(s: string): FormatResult {
  const decoded = decodeCashAddr(s, {
    main: 'kaspa',
    test: ['kaspatest', 'kaspasim', 'kaspadev'],
    prefixOptional: false,
  });
  if (decoded === 'format') return FORMAT;
  if (decoded === 'checksum') return CHECKSUM;
  const { payload } = decoded;
  if (KASPA_PAYLOAD_LENGTHS[payload[0] ?? -1] !== payload.length - 1) return FORMAT;
  return decoded.isTest ? NETWORK : ok(`kaspa:${decoded.body}`);
}

// Zcash transparent addresses use two version bytes.
const ZCASH_MAIN = [
  [0x1c, 0xb8],
  [0x1c, 0xbd],
] as const;
const ZCASH_TEST = [
  [0x1d, 0x25],
  [0x1c, 0xba],
] as const;

/** Zcash transparent t1/t3 only: payouts go to transparent addresses, shielded ones are refused. */
function validateZcash(s: string): FormatResult {
  const data = decodeBase58Check(s, 22);
  if (data === 'format') return FORMAT;
  if (data === 'checksum') return CHECKSUM;
  if (ZCASH_MAIN.some((v) => startsWithBytes(data, v))) return ok(s);
  return ZCASH_TEST.some((v) => startsWithBytes(data, v)) ? NETWORK : FORMAT;
}

/** XRP classic address: ripple-alphabet base58 of 0x00 + 20-byte account id + double-SHA256 checksum. */
function validateXrp(s: string): FormatResult {
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(s)) return FORMAT;
  const raw = tryDecode(base58xrp.decode, s);
  if (raw?.length !== 25 || raw[0] !== 0) return FORMAT;
  const data = raw.subarray(0, 21);
  const expected = sha256(sha256(data)).subarray(0, 4);
  return bytesEqual(expected, raw.subarray(21)) ? ok(s) : CHECKSUM;
}

const STELLAR_ACCOUNT_VERSION = 6 << 3; // 'G...'

/** Stellar account strkey: base32 of version byte + ed25519 key + CRC16-XModem (little-endian). */
function validateStellar(s: string): FormatResult {
  if (!/^[A-Z2-7]{56}$/.test(s)) return FORMAT;
  const raw = tryDecode(base32nopad.decode, s);
  if (raw?.length !== 35) return FORMAT;
  const crc = crc16Xmodem(raw.subarray(0, 33));
  if (crc !== ((raw[33] ?? 0) | ((raw[34] ?? 0) << 8))) return CHECKSUM;
  // Secret seeds ('S...') and other strkeys share the shape; only accounts receive funds.
  return raw[0] === STELLAR_ACCOUNT_VERSION ? ok(s) : FORMAT;
}

/** Solana: base58 of a 32-byte ed25519 key. No checksum exists, so this is shape only. */
function validateSolana(s: string): FormatResult {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(s)) return FORMAT;
  const raw = tryDecode(base58.decode, s);
  return raw && raw.length === 32 ? ok(s) : FORMAT;
}

/** Shelley payment address header: high nibble is the type, low nibble the network id (1 = mainnet). */
function cardanoShelleyPayloadOk(bytes: Uint8Array): boolean {
  const header = bytes[0] ?? 0xff;
  const type = header >> 4;
  if ((header & 0x0f) !== 1) return false;
  if (type <= 3) return bytes.length === 57; // base: payment + stake credential
  if (type <= 5) return bytes.length >= 32 && bytes.length <= 64; // pointer: variable-length pointer
  if (type <= 7) return bytes.length === 29; // enterprise: payment credential only
  return false; // 8 = Byron in bech32, 14/15 = stake addresses: not payment targets
}

/** Cardano Shelley bech32 'addr' (no 90-char limit: base addresses are 103 chars). */
function validateCardanoShelley(s: string): FormatResult {
  const lower = singleCaseLower(s);
  if (!lower) return FORMAT;
  const isTest = lower.startsWith('addr_test1');
  const data = lower.slice(isTest ? 10 : 5);
  if (data.length < 7 || !BECH32_DATA_RE.test(data)) return FORMAT;
  const decoded = bech32.decodeUnsafe(lower, false);
  if (!decoded) return CHECKSUM;
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  if (!bytes) return FORMAT;
  if (isTest) return (bytes[0] ?? 1) & 0x0f ? FORMAT : NETWORK;
  return cardanoShelleyPayloadOk(bytes) ? ok(lower) : FORMAT;
}

// CBOR additional-info values 24/25/26 announce a 1/2/4-byte unsigned integer.
const CBOR_UINT_SIZES: Readonly<Record<number, number>> = { 24: 1, 25: 2, 26: 4 };

/** Reads a CBOR unsigned integer head (major type 0) at pos; returns [value, next pos]. */
function readCborUint(raw: Uint8Array, pos: number): [number, number] | null {
  const head = raw[pos];
  if (head === undefined || head > 0x1a) return null;
  if (head <= 0x17) return [head, pos + 1];
  const size = CBOR_UINT_SIZES[head];
  if (size === undefined || pos + 1 + size > raw.length) return null;
  let value = 0;
  for (let i = 1; i <= size; i++) value = value * 256 + (raw[pos + i] ?? 0);
  return [value, pos + 1 + size];
}

/** Byron address = CBOR [tag24(bytes payload), uint crc32(payload)]; returns payload and crc. */
function parseByron(raw: Uint8Array): { payload: Uint8Array; crc: number } | null {
  if (!startsWithBytes(raw, [0x82, 0xd8, 0x18])) return null;
  const head = raw[3] ?? 0;
  let pos = 4;
  let length: number;
  if (head >= 0x40 && head <= 0x57) length = head - 0x40;
  else if (head === 0x58) length = raw[pos++] ?? 0;
  else if (head === 0x59) {
    length = ((raw[pos] ?? 0) << 8) | (raw[pos + 1] ?? 0);
    pos += 2;
  } else return null;
  if (pos + length > raw.length) return null;
  const payload = raw.subarray(pos, pos + length);
  const crc = readCborUint(raw, pos + length);
  if (!crc || crc[1] !== raw.length) return null;
  return { payload, crc: crc[0] };
}

/** Cardano Byron (legacy 'Ae2...' / 'DdzFF...'): base58 CBOR envelope with a CRC32 of the payload. */
function validateCardanoByron(s: string): FormatResult {
  if (!BASE58_RE.test(s)) return FORMAT;
  const raw = tryDecode(base58.decode, s);
  const parsed = raw ? parseByron(raw) : null;
  if (!parsed) return FORMAT;
  return crc32(parsed.payload) === parsed.crc ? ok(s) : CHECKSUM;
}

function validateCardano(s: string): FormatResult {
  return looksLikeBech32(s, /^addr(_test)?1/i) ? validateCardanoShelley(s) : validateCardanoByron(s);
}

const SS58_CONTEXT = utf8.decode('SS58PRE');

/** SS58 network prefix: one byte below 64, or a two-byte encoding for 64..16383. */
function readSs58Prefix(raw: Uint8Array): { prefix: number; length: number } | null {
  const b0 = raw[0] ?? 0xff;
  if (b0 < 64) return { prefix: b0, length: 1 };
  if (b0 >= 128) return null;
  const b1 = raw[1] ?? 0;
  return { prefix: ((b0 & 0x3f) << 2) | (b1 >> 6) | ((b1 & 0x3f) << 8), length: 2 };
}

/** Polkadot SS58: prefix 0 + 32-byte account + first 2 bytes of blake2b-512('SS58PRE' || data). */
function validatePolkadot(s: string): FormatResult {
  if (!BASE58_RE.test(s)) return FORMAT;
  const raw = tryDecode(base58.decode, s);
  const prefix = raw ? readSs58Prefix(raw) : null;
  if (!raw || !prefix || raw.length !== prefix.length + 32 + 2) return FORMAT;
  const data = raw.subarray(0, raw.length - 2);
  const hash = blake2b(concatBytes(SS58_CONTEXT, data), { dkLen: 64 });
  if (!bytesEqual(hash.subarray(0, 2), raw.subarray(raw.length - 2))) return CHECKSUM;
  // Same checksum, other SS58 prefix: a Kusama or generic Substrate address.
  return prefix.prefix === 0 ? ok(s) : NETWORK;
}

// Monero network bytes (all below 128, so the varint is a single byte).
const MONERO_MAIN: Readonly<Record<number, number>> = { 18: 69, 42: 69, 19: 77 }; // std, sub, integrated
const MONERO_OTHER = new Set([53, 63, 54, 24, 36, 25]); // testnet and stagenet

/** Monero: block base58 of network byte + spend key + view key (+ payment id) + keccak checksum. */
function validateMonero(s: string): FormatResult {
  if ((s.length !== 95 && s.length !== 106) || !BASE58_RE.test(s)) return FORMAT;
  const raw = tryDecode(base58xmr.decode, s);
  if (!raw || (raw.length !== 69 && raw.length !== 77)) return FORMAT;
  const body = raw.subarray(0, raw.length - 4);
  if (!bytesEqual(keccak_256(body).subarray(0, 4), raw.subarray(raw.length - 4))) return CHECKSUM;
  const netByte = raw[0] ?? -1;
  if (MONERO_MAIN[netByte] === raw.length) return ok(s);
  return MONERO_OTHER.has(netByte) ? NETWORK : FORMAT;
}

/** Algorand: base32 (no padding) of a 32-byte key + last 4 bytes of its SHA-512/256. */
function validateAlgorand(s: string): FormatResult {
  if (!/^[A-Z2-7]{58}$/.test(s)) return FORMAT;
  const raw = tryDecode(base32nopad.decode, s);
  if (raw?.length !== 36) return FORMAT;
  const expected = sha512_256(raw.subarray(0, 32)).subarray(28);
  return bytesEqual(expected, raw.subarray(32)) ? ok(s) : CHECKSUM;
}

// NEAR account id rules (nearcore): 2..64 chars, lowercase parts separated by '.', with
// single '-' or '_' inside a part. Implicit accounts (64 hex) and 0x-ETH-implicit ones match too.
const NEAR_ACCOUNT_RE = /^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/;

// Lowercase addresses of these formats also spell valid NEAR names; such a name would be an
// unregistered account, while the address is certainly meant for its own network.
const NEAR_LOOKALIKES: readonly FormatValidator[] = [
  validateBitcoin,
  validateLitecoin,
  validateCosmos,
  validateCardano,
  validateHedera,
];

/** NEAR: named or implicit account id. No checksum exists, so this is shape only. */
function validateNear(s: string): FormatResult {
  if (s.length < 2 || s.length > 64 || !NEAR_ACCOUNT_RE.test(s)) return FORMAT;
  return NEAR_LOOKALIKES.some((validate) => validate(s).valid) ? NETWORK : ok(s);
}

// Tezos base58check prefixes for 20-byte hashes.
const TEZOS_PREFIXES = [
  [6, 161, 159], // tz1 (ed25519)
  [6, 161, 161], // tz2 (secp256k1)
  [6, 161, 164], // tz3 (p256)
  [2, 90, 121], // KT1 (originated contract)
] as const;

/** Tezos: base58check of a 3-byte prefix + 20-byte hash. */
function validateTezos(s: string): FormatResult {
  const data = decodeBase58Check(s, 23);
  if (data === 'format') return FORMAT;
  if (data === 'checksum') return CHECKSUM;
  return TEZOS_PREFIXES.some((p) => startsWithBytes(data, p)) ? ok(s) : FORMAT;
}

const INT64_MAX = 2n ** 63n - 1n;

/**
 * Hedera: 'shard.realm.num'. Mainnet only has shard 0 / realm 0, so anything else is a typo.
 * The optional HIP-15 '-abcde' checksum is dropped from the normalized form, not verified.
 */
function validateHedera(s: string): FormatResult {
  const match = /^0\.0\.(0|[1-9]\d{0,18})(-[a-z]{5})?$/.exec(s);
  const num = match?.[1];
  if (num === undefined || BigInt(num) > INT64_MAX) return FORMAT;
  return ok(`0.0.${num}`);
}

/** Aptos / Sui: 0x + 64 hex (full-length form). No checksum, so shape only; normalized to lowercase. */
function validateHex32(s: string): FormatResult {
  return /^0x[0-9a-fA-F]{64}$/.test(s) ? ok(s.toLowerCase()) : FORMAT;
}

const TON_BOUNCEABLE = 0x11;
const TON_NON_BOUNCEABLE = 0x51;
const TON_TESTNET_FLAG = 0x80;

/** Decodes a 48-char TON friendly address in either base64 alphabet (mixing them is invalid). */
function decodeTonFriendly(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(s)) return null;
  const urlSafe = /[-_]/.test(s);
  if (urlSafe && /[+/]/.test(s)) return null;
  return tryDecode(urlSafe ? base64url.decode : base64.decode, s);
}

/**
 * TON: raw 'wc:hex' (workchain 0 or -1), or friendly base64 of flags + workchain + 32-byte
 * hash + CRC16-XModem (big-endian). The testnet flag bit makes it another network.
 */
function validateTon(s: string): FormatResult {
  if (/^(0|-1):[0-9a-fA-F]{64}$/.test(s)) return ok(s.toLowerCase());
  const raw = decodeTonFriendly(s);
  if (raw?.length !== 36) return FORMAT;
  const crc = ((raw[34] ?? 0) << 8) | (raw[35] ?? 0);
  if (crc16Xmodem(raw.subarray(0, 34)) !== crc) return CHECKSUM;
  const flags = (raw[0] ?? 0) & ~TON_TESTNET_FLAG;
  const workchain = raw[1];
  if (flags !== TON_BOUNCEABLE && flags !== TON_NON_BOUNCEABLE) return FORMAT;
  if (workchain !== 0x00 && workchain !== 0xff) return FORMAT;
  return (raw[0] ?? 0) & TON_TESTNET_FLAG ? NETWORK : ok(s);
}

/**
 * EOS account name: 1..12 of [a-z1-5.]. A trailing dot cannot round-trip through the name
 * encoding; a leading dot is refused too because no user account is created that way.
 */
function validateEos(s: string): FormatResult {
  return /^[a-z1-5.]{1,12}$/.test(s) && !s.startsWith('.') && !s.endsWith('.') ? ok(s) : FORMAT;
}

/** Cosmos Hub: bech32 'cosmos' over a 20-byte (key) or 32-byte (module/ICA) address. */
function validateCosmos(s: string): FormatResult {
  const lower = singleCaseLower(s);
  if (!lower || lower.length > 90) return FORMAT;
  const sep = lower.lastIndexOf('1');
  const data = lower.slice(sep + 1);
  if (sep < 1 || data.length < 7 || !BECH32_DATA_RE.test(data)) return FORMAT;
  const decoded = bech32.decodeUnsafe(lower);
  if (!decoded) return CHECKSUM;
  const bytes = bech32.fromWordsUnsafe(decoded.words);
  if (!bytes || (bytes.length !== 20 && bytes.length !== 32)) return FORMAT;
  if (decoded.prefix === 'cosmos') return ok(lower);
  // Validator/consensus keys are not wallets; any other prefix is another Cosmos-SDK chain.
  return decoded.prefix.startsWith('cosmos') ? FORMAT : NETWORK;
}

const VALIDATORS: Readonly<Record<AddressFormat, FormatValidator>> = {
  evm: validateEvm,
  bitcoin: validateBitcoin,
  litecoin: validateLitecoin,
  dogecoin: validateDogecoin,
  'bitcoin-cash': validateBitcoinCash,
  dash: validateDash,
  zcash: validateZcash,
  tron: validateTron,
  xrp: validateXrp,
  stellar: validateStellar,
  solana: validateSolana,
  cardano: validateCardano,
  polkadot: validatePolkadot,
  monero: validateMonero,
  algorand: validateAlgorand,
  near: validateNear,
  tezos: validateTezos,
  hedera: validateHedera,
  aptos: validateHex32,
  sui: validateHex32,
  ton: validateTon,
  eos: validateEos,
  cosmos: validateCosmos,
  kaspa: validateKaspa,
};

// Formats distinctive enough that a match means "this is that network's address".
// NEAR and EOS names are too loose: almost any short lowercase word would match them.
const CROSS_CHECK_FORMATS = (Object.keys(VALIDATORS) as AddressFormat[]).filter(
  (format) => format !== 'near' && format !== 'eos',
);

/**
 * After a failure, tells "valid, but for another network" apart from a typo. A checksum
 * failure is included: an XRP address read with Bitcoin's base58 alphabet fails the
 * checksum, yet it is plainly an XRP address.
 */
function belongsToOtherFormat(address: string, own: AddressFormat): boolean {
  return CROSS_CHECK_FORMATS.some((format) => {
    if (format === own || VALIDATORS[format] === VALIDATORS[own]) return false;
    return VALIDATORS[format](address).valid;
  });
}

/** Own keys only, so 'constructor' or '__proto__' are unknown networks, not prototype members. */
function findNetwork(networkId: string): NetworkDefinition | null {
  return Object.hasOwn(NETWORKS, networkId) ? NETWORKS[networkId as keyof typeof NETWORKS] : null;
}

/** Validates a payout address for a network; trims surrounding whitespace first. */
export function validateAddress(networkId: string, address: string): AddressValidation {
  const network = findNetwork(networkId);
  if (!network) return { valid: false, reason: 'unknown-network' };
  const trimmed = address.trim();
  if (trimmed === '') return { valid: false, reason: 'empty' };
  if (trimmed.length > MAX_ADDRESS_LENGTH) return { valid: false, reason: 'format' };
  const result = VALIDATORS[network.addressFormat](trimmed);
  if (result.valid || result.reason === 'network') return result;
  return belongsToOtherFormat(trimmed, network.addressFormat) ? NETWORK : result;
}

// ---------------------------------------------------------------------------
// Memos
// ---------------------------------------------------------------------------

const UINT32_MAX = 4294967295n;
const UINT64_MAX = 18446744073709551615n;

/** Canonical decimal: digits only, no sign, no leading zeros (except "0"), within max. */
function isCanonicalUint(s: string, max: bigint): boolean {
  return /^(0|[1-9]\d*)$/.test(s) && s.length <= 20 && BigInt(s) <= max;
}

function utf8Length(s: string): number {
  return new TextEncoder().encode(s).length;
}

const TEXT_MEMO_LIMITS = { 'text-256': 256, 'text-120': 120, 'text-100': 100 } as const;

// Limits are counted in UTF-8 bytes, as the chains count them (EOS, Cosmos, Hedera and TON
// all limit bytes); for ASCII that equals characters.
function validateTextMemo(memo: string, maxBytes: number): MemoValidation {
  return utf8Length(memo) <= maxBytes ? { valid: true } : { valid: false, reason: 'too-long' };
}

/**
 * Stellar: an all-digit memo is sent as MEMO_ID and must be a canonical uint64; anything
 * else is MEMO_TEXT of at most 28 UTF-8 bytes.
 */
function validateStellarMemo(memo: string): MemoValidation {
  if (/^\d+$/.test(memo)) {
    return isCanonicalUint(memo, UINT64_MAX) ? { valid: true } : { valid: false, reason: 'format' };
  }
  return validateTextMemo(memo, 28);
}

/**
 * Validates a memo/tag for a network. Callers skip the call when the user gave no memo, so
 * an empty string here is malformed. Networks without memos answer 'not-supported'.
 */
export function validateMemo(networkId: string, memo: string): MemoValidation {
  const spec = findNetwork(networkId)?.memo;
  if (!spec) return { valid: false, reason: 'not-supported' };
  if (memo === '') return { valid: false, reason: 'format' };
  switch (spec.format) {
    case 'uint32':
      return isCanonicalUint(memo, UINT32_MAX) ? { valid: true } : { valid: false, reason: 'format' };
    case 'stellar':
      return validateStellarMemo(memo);
    default:
      return validateTextMemo(memo, TEXT_MEMO_LIMITS[spec.format]);
  }
}
