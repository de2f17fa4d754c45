import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * A passkey authenticator in Node for tests and the bench (decision 51): real P-256 keys and ECDSA signatures
 * (node:crypto), authenticator data, CBOR and COSE written here byte by byte as the WebAuthn spec lays them out,
 * so the server's verification (@simplewebauthn/server) runs on what a browser would send. `none` attestation,
 * discoverable credentials, user presence and (unless told otherwise) user verification.
 */
export class SoftwareAuthenticator {
  readonly #credentials = new Map<
    string,
    { key: KeyObject; userHandle: string; rpId: string; counter: number }
  >();

  readonly origin: string;

  constructor(origin: string) {
    this.origin = origin;
  }

  get rpId() {
    return new URL(this.origin).hostname;
  }

  /** What navigator.credentials.create() answers, as @simplewebauthn/browser serialises it. */
  create(
    options: PublicKeyCredentialCreationOptionsJSON,
    { userVerified = true, origin = this.origin } = {},
  ): RegistrationResponseJSON {
    const rpId = options.rp.id ?? this.rpId;
    const id = randomBytes(32).toString('base64url');
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credentialId = Buffer.from(id, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      authenticatorData(rpId, userVerified, 0, 0x40),
      Buffer.alloc(16), // AAGUID
      idLength,
      credentialId,
      coseKey,
    ]);
    this.#credentials.set(id, { key: privateKey, userHandle: options.user.id, rpId, counter: 0 });
    const clientData = clientDataOf('webauthn.create', options.challenge, origin);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        attestationObject: cbor(
          new Map<string, CborValue>([
            ['fmt', 'none'],
            ['attStmt', new Map<string, CborValue>()],
            ['authData', authData],
          ]),
        ).toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * What navigator.credentials.get() answers: with `allowCredentials`, the first of them it holds; without, a
   * discoverable one of the RP (`credentialId` picks which). `counter` replays an old counter value when given.
   */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    {
      userVerified = true,
      credentialId = undefined as string | undefined,
      counter = undefined as number | undefined,
      origin = this.origin,
    } = {},
  ): AuthenticationResponseJSON {
    const rpId = options.rpId ?? this.rpId;
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const id =
      credentialId ??
      (allowed.length
        ? allowed.find((c) => this.#credentials.has(c))
        : [...this.#credentials].find(([, c]) => c.rpId === rpId)?.[0]);
    const credential = id && this.#credentials.get(id);
    if (!id || !credential)
      throw new Error('NotAllowedError: no credential of this authenticator was asked for');
    credential.counter = counter ?? credential.counter + 1;
    const authData = authenticatorData(rpId, userVerified, credential.counter, 0);
    const clientData = clientDataOf('webauthn.get', options.challenge, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientData).digest()]),
      credential.key,
    );
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}

/** rpIdHash, flags (UP, UV when verified, plus `extraFlags`), signature counter. */
function authenticatorData(rpId: string, userVerified: boolean, counter: number, extraFlags: number) {
  const flags = 0x01 | (userVerified ? 0x04 : 0) | extraFlags;
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), counterBytes]);
}

const clientDataOf = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

type CborValue = number | string | Uint8Array | Map<number | string, CborValue>;

/** The CBOR (RFC 8949) a WebAuthn authenticator writes: integers, byte and text strings, maps. */
function cbor(value: CborValue): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}
