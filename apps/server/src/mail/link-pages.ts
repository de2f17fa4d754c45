import type { FastifyReply } from 'fastify';
import { escapeHtml } from './mail-layout.ts';

/**
 * The small pages a mail's signed link opens without signing in (unsubscribe from a kind of mail, unfollow a folder
 * or site): one look, no caching, no referrer (the link's signature stays out of other sites' logs).
 */
export function linkPage(reply: FastifyReply, status: number, title: string, bodyHtml: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="font:16px/1.5 system-ui,Arial,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#1c2430;overflow-wrap:anywhere">
<h1 style="font-size:22px">${escapeHtml(title)}</h1>${bodyHtml}</body></html>`);
}

/** A link that is incomplete or was changed (or whose person or tenant is gone). */
export const invalidLinkPage = (reply: FastifyReply) =>
  linkPage(
    reply,
    404,
    'This link does not work',
    '<p>The unsubscribe link is incomplete or was changed. Use the link of a recent mail, or the Notifications page of the portal.</p>',
  );

/**
 * The confirming button of a link's page: a POST to the same link with `List-Unsubscribe=One-Click`, as RFC 8058
 * mail programs send it (GET changes nothing, since link checkers fetch links).
 */
export const oneClickForm = (query: Record<string, string>) =>
  `<form method="post" action="${escapeHtml(`?${new URLSearchParams(query)}`)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font:inherit;padding:10px 18px">Unsubscribe</button></form>`;
