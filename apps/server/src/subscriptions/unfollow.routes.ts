import formBody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UnfollowQuerySchema } from '@portico/contracts';
import type { Database } from '../db/database.ts';
import { invalidLinkPage, linkPage, oneClickForm } from '../mail/link-pages.ts';
import { escapeHtml } from '../mail/mail-layout.ts';
import { checkUnfollowLink, unfollowByLink } from './subscriptions.usecases.ts';

const placeOf = (place: { site_name: string; folder_name: string | null }) =>
  place.folder_name
    ? `the folder <strong>${escapeHtml(place.folder_name)}</strong> of ${escapeHtml(place.site_name)}`
    : `the site <strong>${escapeHtml(place.site_name)}</strong>`;

/**
 * The one-click link of a subscription mail (RFC 8058; decision 59), outside the tenant services because it works
 * without signing in. The link is signed (HMAC of tenant, person and subscription under the server's key), so it
 * ends that one subscription and nothing else; a changed or foreign link answers 404. GET shows a button (link
 * checkers fetch links); POST, the mail program's `List-Unsubscribe=One-Click` or the button, ends it. A
 * subscription already ended answers 200 all the same. Mounted at `/mail` with requests logged only at `warn`.
 */
export const unfollowRoutes: FastifyPluginAsyncTypebox<{ db: Database }> = async (app, { db }) => {
  await app.register(formBody);
  const schema = { tags: ['mail'], querystring: UnfollowQuerySchema };

  app.get(
    '/unfollow',
    {
      schema: {
        ...schema,
        summary: 'The page of a subscription mail’s unsubscribe link: a button that confirms',
      },
    },
    async (request, reply) => {
      const link = await checkUnfollowLink(db, request.query);
      if (!link) return invalidLinkPage(reply);
      if (!link.place)
        return linkPage(
          reply,
          200,
          'You are unsubscribed',
          '<p>You no longer follow this folder or site.</p>',
        );
      return linkPage(
        reply,
        200,
        `Unsubscribe from ${link.tenantName}`,
        `<p>Stop following ${placeOf(link.place)} at ${escapeHtml(link.tenantName)}? You will get no more mails about its new and updated files.</p>
${oneClickForm({ ...request.query })}`,
      );
    },
  );

  app.post(
    '/unfollow',
    { schema: { ...schema, summary: 'End a subscription (RFC 8058 one-click, or the page’s button)' } },
    async (request, reply) => {
      const link = await checkUnfollowLink(db, request.query);
      if (!link) return invalidLinkPage(reply);
      await unfollowByLink(db, request.query);
      const where = link.place ? placeOf(link.place) : 'this folder or site';
      return linkPage(
        reply,
        200,
        'You are unsubscribed',
        `<p>You no longer follow ${where} at ${escapeHtml(link.tenantName)}. You can follow it again from its page in the portal.</p>`,
      );
    },
  );
};
