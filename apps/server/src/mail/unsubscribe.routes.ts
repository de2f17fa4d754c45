import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  isNotificationKind,
  NOTIFICATION_KINDS,
  type UnsubscribeQuery,
  UnsubscribeQuerySchema,
} from '@portico/contracts';
import type { Database } from '../db/database.ts';
import { invalidLinkPage, linkPage, oneClickForm } from './link-pages.ts';
import { escapeHtml } from './mail-layout.ts';
import { setOptOut } from './opt-outs.repository.ts';
import { findTenantName } from './unsubscribe.repository.ts';
import { verifyUnsubscribe } from './unsubscribe-links.ts';

/** The tenant's name for a valid link, or nothing: a link changed in any part (another tenant) is refused. */
async function checkedLink(db: Database, query: UnsubscribeQuery) {
  if (!isNotificationKind(query.kind)) return undefined;
  const target = { tenantCode: query.tenant, userId: query.user, kind: query.kind };
  if (!(await verifyUnsubscribe(db, target, query.sig))) return undefined;
  const tenantName = await findTenantName(db, query.tenant);
  return tenantName === undefined
    ? undefined
    : { target, tenantName, label: NOTIFICATION_KINDS[query.kind].label };
}

/**
 * One-click unsubscribe (RFC 8058), outside the tenant services because it works without signing in: the mail's
 * `List-Unsubscribe` header makes mail programs POST `List-Unsubscribe=One-Click` to the link; the footer link
 * opens a page (GET changes nothing, since link checkers fetch links) whose button POSTs the same. Requests are
 * not logged below `warn`, so the signed links stay out of the log.
 */
export const unsubscribeRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  await app.register(formBody);
  const schema = {
    tags: ['mail'],
    querystring: UnsubscribeQuerySchema,
  };

  app.get(
    '/unsubscribe',
    { schema: { ...schema, summary: 'The page of an unsubscribe link: a button that confirms' } },
    async (request, reply) => {
      const link = await checkedLink(db, request.query);
      if (!link) return invalidLinkPage(reply);
      return linkPage(
        reply,
        200,
        `Unsubscribe from ${link.tenantName}`,
        `<p>Stop mails of this kind from ${escapeHtml(link.tenantName)}: <strong>${escapeHtml(link.label)}</strong>?</p>
${oneClickForm(request.query as Record<string, string>)}`,
      );
    },
  );

  app.post(
    '/unsubscribe',
    { schema: { ...schema, summary: 'Unsubscribe (RFC 8058 one-click, or the page’s button)' } },
    async (request, reply) => {
      const link = await checkedLink(db, request.query);
      if (!link) return invalidLinkPage(reply);
      const { target } = link;
      try {
        await db.withTenant(target.tenantCode, (tx) =>
          setOptOut(tx, target.tenantCode, target.userId, target.kind, true),
        );
      } catch {
        return invalidLinkPage(reply); // the person no longer exists
      }
      return linkPage(
        reply,
        200,
        'You are unsubscribed',
        `<p>${escapeHtml(link.tenantName)} will no longer send you mails of this kind: <strong>${escapeHtml(link.label)}</strong>. You can turn them on again on the Notifications page of the portal.</p>`,
      );
    },
  );
};
