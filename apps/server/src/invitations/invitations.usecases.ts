import { randomUUID } from 'node:crypto';
import { type Invitation, STAFF_AUDIT_ACTIONS } from '@portico/contracts';
import { recordAuditEvents } from '../audit/audit.repository.ts';
import type { Caller } from '../auth/caller.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { createAccountLink, retireAccountLinks } from './account-links.repository.ts';
import { hasAccount, personOfFirm } from './invitations.repository.ts';

export interface InvitationSettings {
  publicUrl: string;
  /** OIDC_ISSUER is set: people sign in with their own provider, so an invitation links to the portal's sign-in. */
  externalIssuer: boolean;
}

/** The settings of a firm's invitations, from the server's configuration (the server's routes and the command line). */
export const invitationSettingsOf = (
  config: Pick<Config, 'publicUrl' | 'oidcIssuer'>,
): InvitationSettings => ({
  publicUrl: config.publicUrl,
  externalIssuer: config.oidcIssuer !== undefined,
});

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The page of the embedded provider where a link's secret sets a password; the secret travels in the fragment. */
export const SET_PASSWORD_PATH = '/idp/password';

/**
 * A set-password link. The secret is the URL's fragment, which browsers never send to a server: it stays out of
 * request lines, access logs, proxies and Referer headers, and the page's script posts it in the form's body.
 */
export const setPasswordLink = (publicUrl: string, secret: string) =>
  `${publicUrl}${SET_PASSWORD_PATH}#${secret}`;

const peopleNotFound = () =>
  new AppError('people.not_found', 'That person is neither staff nor a client of this firm.');

/**
 * Sends the firm's invitation to a person of the firm, in the caller's transaction: a new single-use link (the
 * earlier ones of this firm stop working), or with an external provider a link to the portal's sign-in; the
 * mail, and an audit event. `siteName` is the site they were just added to (a staff invitation has none).
 */
export async function sendInvitation(
  tx: Queryable,
  caller: Caller,
  userId: string,
  settings: InvitationSettings,
  role: { siteName?: string | undefined },
): Promise<Invitation> {
  const person = await personOfFirm(tx, caller, userId);
  if (!person) throw peopleNotFound();
  let link = `${settings.publicUrl}/`;
  let expiresAt: Date | undefined;
  let dedupeKey = `invitation:${randomUUID()}`;
  if (!settings.externalIssuer) {
    await retireAccountLinks(tx, userId, 'invitation', caller.tenantCode);
    const created = await createAccountLink(tx, {
      purpose: 'invitation',
      userId,
      tenantCode: caller.tenantCode,
      createdBy: caller.user.id,
    });
    link = setPasswordLink(settings.publicUrl, created.secret);
    expiresAt = created.expiresAt;
    dedupeKey = `invitation:${created.id}`;
  }
  // To the address this firm typed: the person may not have chosen any other yet.
  await enqueueMail(tx, {
    tenantCode: caller.tenantCode,
    template: 'invitation',
    to: { userId, email: person.email, name: person.name },
    data: {
      inviterName: caller.user.name,
      siteName: role.siteName ?? null,
      link,
      expiresOn: expiresAt ? dayOf(expiresAt) : null,
    },
    dedupeKey,
  });
  await recordAuditEvents(tx, [
    {
      tenantCode: caller.tenantCode,
      siteId: null,
      userId: caller.user.id,
      action: STAFF_AUDIT_ACTIONS.invitationSend,
      detail: { userId, email: person.email, name: person.name },
    },
  ]);
  return { userId, email: person.email, expiresAt: expiresAt?.toISOString() ?? null };
}

/** Invites someone just given a role, unless they can already sign in (they simply see the firm next time). */
export async function inviteIfNoAccount(
  tx: Queryable,
  caller: Caller,
  userId: string,
  settings: InvitationSettings,
  role: { siteName?: string | undefined },
): Promise<Invitation | undefined> {
  if (await hasAccount(tx, userId)) return undefined;
  return sendInvitation(tx, caller, userId, settings, role);
}

/**
 * Staff send a person of the firm a new invitation. Someone with no role in this firm answers 404
 * `people.not_found` (whatever other firms know of them); someone who can already sign in 409
 * `invitations.already_accepted` (they use "Forgot password" instead).
 */
export async function resendInvitation(
  db: Database,
  caller: Caller,
  userId: string,
  settings: InvitationSettings,
): Promise<Invitation> {
  return db.withTenant(caller.tenantCode, async (tx) => {
    const person = await personOfFirm(tx, caller, userId);
    if (!person || (!person.isStaff && person.siteName === null)) throw peopleNotFound();
    if (await hasAccount(tx, userId)) {
      throw new AppError(
        'invitations.already_accepted',
        'This person already has an account; they can sign in, or reset their password from the sign-in page.',
      );
    }
    return sendInvitation(tx, caller, userId, settings, {
      siteName: person.isStaff ? undefined : (person.siteName ?? undefined),
    });
  });
}
