import { createHash, randomInt } from 'node:crypto';
import { OPERATOR_AUDIT_ACTIONS } from '@portico/contracts';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import { findUserById } from '../auth/identities.repository.ts';
import type { Database, Queryable } from '../db/database.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { tenantsOf } from './accounts.ts';
import { countPasskeys, deleteAllPasskeys } from './passkeys.repository.ts';
import type { SecretBox } from './secret-box.ts';
import {
  clearFailures,
  countRecoveryCodes,
  deleteTwoStep,
  findTotp,
  lockedUntil,
  lockPerson,
  mailTenantOf,
  recordFailure,
  replaceRecoveryCodes,
  savePendingTotp,
  takeTotpStep,
  useRecoveryCode,
} from './two-step.repository.ts';

/**
 * A person's second step on the embedded provider (decision 45): an authenticator app (TOTP, RFC 6238: 30-second
 * steps, six digits, one step either side accepted, each code once) and ten single-use recovery codes. Five wrong
 * codes within fifteen minutes lock the second step for fifteen minutes, counted in the database so the limit
 * holds across processes; the person is mailed.
 */
export const LOCKOUT = { limit: 5, windowMinutes: 15, lockMinutes: 15 } as const;
export const RECOVERY_CODE_COUNT = 10;
const STEP_SECONDS = 30;

export interface TwoStepDeps {
  db: Database;
  box: SecretBox;
}

export interface TwoStepState {
  totp: boolean;
  recoveryCodesLeft: number;
  /** How many passkeys the person has (passkeys.usecases.ts): each is a second step too. */
  passkeys: number;
}

export async function twoStepStateOf(db: Queryable, userId: string): Promise<TwoStepState> {
  const totp = await findTotp(db, userId);
  return {
    totp: totp?.confirmed ?? false,
    recoveryCodesLeft: await countRecoveryCodes(db, userId),
    passkeys: await countPasskeys(db, userId),
  };
}

/** Whether the person has a second step of their own: a confirmed authenticator app or a passkey. */
export const hasSecondStep = (state: TwoStepState) => state.totp || state.passkeys > 0;

export interface TotpEnrolment {
  /** The key as text, in groups of four, for typing into an app by hand. */
  key: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
  /** The QR code as an SVG element. */
  qrSvg: string;
}

/**
 * Starts an enrolment, or shows the one that waits for its first code again (a reload, a wrong code: the app may
 * have the key already): a secret, sealed, waiting for its first code. Undefined when the person has an
 * authenticator app already: removing it comes first.
 */
export async function startTotpEnrolment(
  { db, box }: TwoStepDeps,
  person: { userId: string; label: string },
): Promise<TotpEnrolment | undefined> {
  const current = await findTotp(db, person.userId);
  if (current?.confirmed) return undefined;
  const secret = current ? box.open(current.sealed_secret, person.userId) : generateSecret({ length: 20 });
  if (!current && !(await savePendingTotp(db, person.userId, box.seal(secret, person.userId))))
    return undefined;
  const uri = generateURI({ issuer: 'Portico', label: person.label, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { key: secret.match(/.{1,4}/g)!.join(' '), uri, qrSvg };
}

/**
 * Confirms a waiting enrolment with one code from the app (that code then counts as used) and answers the new
 * recovery codes, to be shown once. Undefined for a wrong code or no enrolment waiting.
 */
export async function confirmTotpEnrolment(
  { db, box }: TwoStepDeps,
  userId: string,
  code: string,
): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const totp = await findTotp(tx, userId);
    if (!totp || totp.confirmed) return undefined;
    const step = await verifiedStep(box.open(totp.sealed_secret, userId), code, null);
    if (step === undefined || !(await takeTotpStep(tx, userId, step))) return undefined;
    return issueRecoveryCodes(tx, userId);
  });
}

export type SecondStepResult =
  | { ok: true; method: 'otp' | 'recovery' }
  | { ok: false; lockedUntil?: Date | undefined };

/**
 * Checks a code typed at the second step: six digits are the app's, anything else a recovery code. While the
 * second step is locked every code is refused, the right one too; a wrong code counts toward the lock, and the
 * wrong code that sets it mails the person.
 */
export async function checkSecondStep(
  { db, box }: TwoStepDeps,
  userId: string,
  code: string,
): Promise<SecondStepResult> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const locked = await lockedUntil(tx, userId);
    if (locked) return { ok: false, lockedUntil: locked };
    const digits = code.replace(/\s+/g, '');
    let method: 'otp' | 'recovery' | undefined;
    if (/^\d{6}$/.test(digits)) {
      const totp = await findTotp(tx, userId);
      const step =
        totp?.confirmed && (await verifiedStep(box.open(totp.sealed_secret, userId), digits, totp.last_step));
      if (step && (await takeTotpStep(tx, userId, step))) method = 'otp';
    } else {
      const left = await useRecoveryCode(tx, userId, recoveryCodeHash(code));
      if (left !== undefined) {
        method = 'recovery';
        await mailPerson(
          tx,
          userId,
          'recovery-code-used',
          { left },
          `recovery-code-used:${userId}:${Date.now()}`,
        );
      }
    }
    if (method) {
      await clearFailures(tx, userId);
      return { ok: true, method };
    }
    const setLock = await recordFailure(tx, userId, LOCKOUT);
    if (setLock) {
      await mailPerson(
        tx,
        userId,
        'two-step-locked',
        { lockedUntil: setLock.toISOString() },
        `two-step-locked:${userId}:${setLock.toISOString()}`,
      );
    }
    return { ok: false, lockedUntil: setLock };
  });
}

/** Ten new recovery codes, replacing the old ones (used or not); shown once, only their hashes kept. */
export async function regenerateRecoveryCodes(db: Database, userId: string): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    if (!(await findTotp(tx, userId))?.confirmed) return undefined;
    return issueRecoveryCodes(tx, userId);
  });
}

/** The step of a valid code later than `afterStep`, or undefined. */
async function verifiedStep(secret: string, code: string, afterStep: string | null) {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: STEP_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: Number(afterStep) }),
  });
  // TOTP results carry the matched step (otplib's union type names only HOTP's fields).
  return result.valid ? (result as typeof result & { timeStep: number }).timeStep : undefined;
}

// Letters and digits that cannot be taken for one another when read aloud or copied by hand.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 10 characters of 31, about 50 bits, enough for a code that works once behind the lockout. */
function newRecoveryCode() {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Case, spaces and dashes do not matter when a code is typed back. */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[\s-]+/g, ''))
    .digest('hex');

async function issueRecoveryCodes(tx: Queryable, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
  return codes;
}

type AccountMail =
  | 'recovery-code-used'
  | 'two-step-locked'
  | 'two-step-reset'
  | 'new-browser-sign-in'
  | 'passkey-added';

/** An account mail to the person's own address, through one firm's outbox; nothing for someone of no firm. */
export async function mailPerson<K extends AccountMail>(
  tx: Queryable,
  userId: string,
  template: K,
  data: Parameters<typeof enqueueMail<K>>[1]['data'],
  dedupeKey: string,
) {
  const tenantCode = await mailTenantOf(tx, userId);
  if (!tenantCode) return;
  const person = await findUserById(tx, userId);
  if (!person) return;
  await enqueueMail(tx, { tenantCode, template, to: { userId, email: person.email }, data, dedupeKey });
}

/**
 * An operator removes a person's second step (a lost phone and no recovery code left): the authenticator app,
 * recovery codes, passkeys, failures and lock, in one transaction with an audit event in each firm the person works with
 * (`via`, no person) and a mail to them. Answers whether there was anything to remove.
 */
export async function resetTwoStep(
  db: Database,
  person: { userId: string; email: string },
  operator: { via: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, person.userId);
    const removedApp = await deleteTwoStep(tx, person.userId);
    const removed = (await deleteAllPasskeys(tx, person.userId)) > 0 || removedApp;
    const tenants = await tenantsOf(tx, person.userId);
    await recordAuditEvents(
      tx,
      tenants.map((tenantCode) => ({
        tenantCode,
        siteId: null,
        userId: null,
        action: OPERATOR_AUDIT_ACTIONS.twoStepReset,
        detail: { via: operator.via, email: person.email, removed },
      })),
    );
    await mailPerson(
      tx,
      person.userId,
      'two-step-reset',
      {},
      `two-step-reset:${person.userId}:${Date.now()}`,
    );
    return removed;
  });
}
