import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { Database, Queryable } from '../db/database.ts';
import {
  type ChallengePurpose,
  countPasskeys,
  deletePasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeyRows,
  saveChallenge,
  takeChallenge,
  takePasskeyCounter,
} from './passkeys.repository.ts';
import { mailPerson } from './two-step.usecases.ts';

/**
 * Passkeys (WebAuthn, issue 28 item 3, decision 51) with @simplewebauthn/server: a person registers several, names
 * and removes them; a passkey is a second step after the password, or signs in alone (a discoverable credential
 * with user verification). The relying party is PUBLIC_URL's host and origin. Challenges live in the database,
 * five minutes, taken once, so a ceremony begun in one process finishes in another and is never replayed.
 */
export const CHALLENGE_SECONDS = 300;
const CEREMONY_TIMEOUT_MS = 120_000;
/**
 * EdDSA, ES256, RS256: what authenticators make. Named, so the library does not probe for ML-DSA, which Node
 * still calls experimental (and warns about in the log).
 */
const ALGORITHMS = [-8, -7, -257];
export const PASSKEY_NAME_MAX = 100;

/**
 * @simplewebauthn/server, loaded at the first ceremony: 4 MB of heap (its ASN.1 and COSE parsers) that a server
 * whose people never use a passkey does not carry (decision 89).
 */
const webAuthn = () => import('@simplewebauthn/server');

export interface RelyingParty {
  /** The RP ID: PUBLIC_URL's host name (no port). */
  id: string;
  /** PUBLIC_URL's origin, the only one a response may come from. */
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Portico' };
}

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listPasskeys(db: Queryable, userId: string): Promise<PasskeyInfo[]> {
  return (await listPasskeyRows(db, userId)).map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at && new Date(row.last_used_at),
  }));
}

export { countPasskeys };

/** A name as typed: spaces collapsed, at most 100 characters; empty when nothing is left. */
export const cleanPasskeyName = (name: unknown) =>
  typeof name === 'string' ? name.replace(/\s+/g, ' ').trim().slice(0, PASSKEY_NAME_MAX) : '';

/** What the browser needs to create a passkey for the signed-in person; its challenge kept for their next answer. */
export async function passkeyRegistrationOptions(
  db: Queryable,
  rp: RelyingParty,
  person: { userId: string; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeyRows(db, person.userId);
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: person.email,
    userDisplayName: person.name,
    // The user handle a discoverable passkey gives back at sign-in: the person's id, nothing personal.
    userID: new TextEncoder().encode(person.userId),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      transports: row.transports as AuthenticatorTransport[],
    })),
    // Discoverable, so that it can sign in without a username.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await saveChallenge(db, {
    value: options.challenge,
    purpose: 'register',
    subject: person.userId,
    seconds: CHALLENGE_SECONDS,
  });
  return options;
}

export type PasskeyRefusal = 'challenge' | 'invalid' | 'duplicate' | 'unknown' | 'counter';

/**
 * Verifies the browser's new credential against the challenge given to this person and keeps it under the name
 * given; the person is mailed, as of every new way into their account.
 */
export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  userId: string,
  name: string,
  response: RegistrationResponseJSON,
): Promise<{ ok: true; id: string } | { ok: false; reason: PasskeyRefusal; detail?: string }> {
  let challengeTaken = false;
  let verification: VerifiedRegistrationResponse;
  const { verifyRegistrationResponse } = await webAuthn();
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) =>
        (challengeTaken = await takeChallenge(db, {
          value: challenge,
          purpose: 'register',
          subject: userId,
        })),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    // The library's message for a challenge names its value: not for the log.
    if (!challengeTaken) return { ok: false, reason: 'challenge' };
    return { ok: false, reason: 'invalid', detail: (error as Error).message };
  }
  if (!verification.verified) return { ok: false, reason: 'invalid' };
  const { credential, credentialBackedUp } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const id = await insertPasskey(tx, {
      userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
      name,
    });
    if (!id) return { ok: false as const, reason: 'duplicate' as const };
    await mailPerson(tx, userId, 'passkey-added', { name }, `passkey-added:${id}`);
    return { ok: true as const, id };
  });
}

/**
 * What the browser needs to sign with a passkey. At the second step the person is known and only their passkeys
 * are offered; signing in without a password offers none (the authenticator shows the discoverable ones) and
 * requires user verification, since the passkey is then both steps.
 */
export async function passkeyAuthenticationOptions(
  db: Queryable,
  rp: RelyingParty,
  ceremony: { purpose: Exclude<ChallengePurpose, 'register'>; subject: string; userId?: string },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rows = ceremony.userId ? await listPasskeyRows(db, ceremony.userId) : [];
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: rows.map((row) => ({
      id: row.credential_id,
      transports: row.transports as AuthenticatorTransport[],
    })),
    userVerification: ceremony.purpose === 'sign-in' ? 'required' : 'preferred',
  });
  await saveChallenge(db, {
    value: options.challenge,
    purpose: ceremony.purpose,
    subject: ceremony.subject,
    seconds: CHALLENGE_SECONDS,
  });
  return options;
}

/**
 * Verifies a passkey's signature: the challenge given for this ceremony (taken once), origin and RP ID, user
 * verification when the passkey signs in alone, the person (the expected one at the second step, the passkey's
 * own user handle otherwise), and a signature counter later than the last one seen. Answers whose passkey it was.
 */
export async function verifyPasskey(
  db: Queryable,
  rp: RelyingParty,
  ceremony: { purpose: Exclude<ChallengePurpose, 'register'>; subject: string; userId?: string },
  response: AuthenticationResponseJSON,
): Promise<
  { ok: true; userId: string; passkeyId: string } | { ok: false; reason: PasskeyRefusal; detail?: string }
> {
  const passkey =
    typeof response?.id === 'string' ? await findPasskeyByCredentialId(db, response.id) : undefined;
  if (!passkey || (ceremony.userId && passkey.user_id !== ceremony.userId)) {
    // The challenge goes all the same: a refused answer never leaves one to try again with.
    await takeChallengeOf(db, ceremony, response);
    return { ok: false, reason: 'unknown' };
  }
  const userHandle = response.response.userHandle;
  if (userHandle && Buffer.from(userHandle, 'base64url').toString('utf8') !== passkey.user_id) {
    await takeChallengeOf(db, ceremony, response);
    return { ok: false, reason: 'unknown' };
  }
  let challengeTaken = false;
  let verification: VerifiedAuthenticationResponse;
  const { verifyAuthenticationResponse } = await webAuthn();
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) =>
        (challengeTaken = await takeChallenge(db, { ...ceremony, value: challenge })),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: ceremony.purpose === 'sign-in',
    });
  } catch (error) {
    // The library's message for a challenge names its value: not for the log.
    if (!challengeTaken) return { ok: false, reason: 'challenge' };
    const detail = (error as Error).message;
    return { ok: false, reason: /counter/i.test(detail) ? 'counter' : 'invalid', detail };
  }
  if (!verification.verified) return { ok: false, reason: 'invalid' };
  if (!(await takePasskeyCounter(db, passkey.id, verification.authenticationInfo.newCounter))) {
    return { ok: false, reason: 'counter' };
  }
  return { ok: true, userId: passkey.user_id, passkeyId: passkey.id };
}

/** The challenge a refused answer names, spent without verifying anything else. */
async function takeChallengeOf(
  db: Queryable,
  ceremony: { purpose: ChallengePurpose; subject: string },
  response: AuthenticationResponseJSON,
) {
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    if (typeof client?.challenge === 'string')
      await takeChallenge(db, { ...ceremony, value: client.challenge });
  } catch {
    // Not even client data: nothing to spend.
  }
}

export async function removePasskey(db: Queryable, userId: string, id: string) {
  return deletePasskey(db, userId, id);
}
