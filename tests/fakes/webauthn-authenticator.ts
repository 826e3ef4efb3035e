import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software WebAuthn authenticator for server-side tests of the passkey ceremonies: it answers
 * the options Better Auth's passkey plugin hands out exactly as a browser with a platform
 * authenticator would (`none` attestation, ES256 key, user present and verified), so the server's
 * real verification (SimpleWebAuthn) checks it. The e2e tests use Chromium's own virtual
 * authenticator instead (tests/e2e/account-passkeys.spec.ts).
 */

// --- A minimal CBOR encoder: unsigned and negative integers, byte and text strings, maps. ---

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const out = Buffer.alloc(3);
    out[0] = (major << 5) | 25;
    out.writeUInt16BE(length, 1);
    return out;
  }
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** User present, user verified, attested credential data included. */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface FakeCredential {
  id: Buffer;
  privateKey: KeyObject;
  x: Buffer;
  y: Buffer;
  counter: number;
  userHandle: string;
}

export interface RegistrationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string };
}

export interface AuthenticationOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class FakeAuthenticator {
  readonly credentials: FakeCredential[] = [];
  /** The origin the "browser" reports in clientDataJSON (a phishing page would report its own). */
  readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  /** `navigator.credentials.create()`: a new resident ES256 key, answered as RegistrationResponseJSON. */
  register(options: RegistrationOptions, origin = this.origin) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const credential: FakeCredential = {
      id: randomBytes(16),
      privateKey,
      x: Buffer.from(jwk.x ?? '', 'base64url'),
      y: Buffer.from(jwk.y ?? '', 'base64url'),
      counter: 0,
      userHandle: options.user.id,
    };
    this.credentials.push(credential);
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, credential.x],
        [-3, credential.y],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      coseKey,
    ]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** `navigator.credentials.get()`: signs the challenge with a known credential (the first allowed one). */
  authenticate(options: AuthenticationOptions, origin = this.origin, credential?: FakeCredential) {
    const allowed = new Set((options.allowCredentials ?? []).map((entry) => entry.id));
    const chosen =
      credential ?? this.credentials.find((entry) => allowed.size === 0 || allowed.has(b64url(entry.id)));
    if (!chosen) throw new Error('no credential for these options');
    chosen.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(chosen.counter);
    const rpId = options.rpId ?? new URL(origin).hostname;
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_UP | FLAG_UV]), counter]);
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin,
      crossOrigin: false,
    });
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      chosen.privateKey,
    );
    return {
      id: b64url(chosen.id),
      rawId: b64url(chosen.id),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: chosen.userHandle,
      },
    };
  }
}
