import type { Database } from '../db/database.ts';

/** A row of the outbox as the worker claimed it. */
export interface ClaimedMail {
  id: string;
  tenant_code: string;
  kind: string;
  template: string;
  recipient_user_id: string | null;
  recipient_email: string;
  recipient_name: string | null;
  data: Record<string, unknown>;
  attempts: number;
  created_at: Date | string;
}

/**
 * Claims up to `limit` due mails for this worker, across tenants, on the owner connection: pending ones whose
 * time has come, and `sending` ones whose lease ran out (the process that claimed them died or hung). Rows
 * another process is claiming at the same moment are skipped (FOR UPDATE SKIP LOCKED), so no two processes
 * ever hold the same row; each claim counts as an attempt.
 */
export async function claimDueMail(
  db: Database,
  { claimId, limit, leaseSeconds }: { claimId: string; limit: number; leaseSeconds: number },
): Promise<ClaimedMail[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ClaimedMail>(
      `WITH due AS (
         SELECT id FROM mail_outbox
         WHERE (state = 'pending' AND next_attempt_at <= now()) OR (state = 'sending' AND lease_until <= now())
         ORDER BY next_attempt_at
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       UPDATE mail_outbox m
       SET state = 'sending', claim_id = $1, lease_until = now() + make_interval(secs => $2),
           attempts = m.attempts + 1, updated_at = now()
       FROM due WHERE m.id = due.id
       RETURNING m.id, m.tenant_code, m.kind, m.template, m.recipient_user_id, m.recipient_email,
                 m.recipient_name, m.data, m.attempts, m.created_at`,
      [claimId, leaseSeconds, limit],
    );
    return rows;
  });
}

/** The end of one attempt; only while this worker still holds the claim (a lease that ran out lost it). */
export type MailOutcome =
  | { state: 'sent'; subject: string }
  | { state: 'skipped'; reason: string }
  | { state: 'pending'; error: string; retryInSeconds: number }
  | { state: 'failed'; error: string };

export async function settleMail(db: Database, id: string, claimId: string, outcome: MailOutcome) {
  const error =
    'error' in outcome ? outcome.error.slice(0, 1000) : 'reason' in outcome ? outcome.reason : null;
  await db.query(
    `UPDATE mail_outbox
     SET state = $3, claim_id = NULL, lease_until = NULL, updated_at = now(),
         subject = coalesce($4, subject),
         last_error = $5,
         sent_at = CASE WHEN $3 = 'sent' THEN now() ELSE sent_at END,
         next_attempt_at = CASE WHEN $3 = 'pending' THEN now() + make_interval(secs => $6) ELSE next_attempt_at END
     WHERE id = $1 AND claim_id = $2`,
    [
      id,
      claimId,
      outcome.state,
      outcome.state === 'sent' ? outcome.subject : null,
      outcome.state === 'sent' ? null : error,
      outcome.state === 'pending' ? outcome.retryInSeconds : 0,
    ],
  );
}

/** What the layout needs of a tenant at send time: its current name, colour and logo. */
export interface MailBranding {
  displayName: string;
  primaryColor: string;
  /** A PNG: the logo, or the icon when the logo is an SVG (which most mail clients do not show). */
  logoPng: Uint8Array;
}

export async function brandingForMail(db: Database, tenantCode: string): Promise<MailBranding | undefined> {
  const { rows } = await db.query<{
    display_name: string;
    primary_color: string;
    logo: Uint8Array;
    logo_content_type: string;
    icon_png: Uint8Array;
  }>('SELECT display_name, primary_color, logo, logo_content_type, icon_png FROM tenants WHERE code = $1', [
    tenantCode,
  ]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    displayName: row.display_name,
    primaryColor: row.primary_color,
    logoPng: row.logo_content_type === 'image/png' ? row.logo : row.icon_png,
  };
}
