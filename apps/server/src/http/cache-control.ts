import type { onSendHookHandler } from 'fastify';

/**
 * Tenant API answers carry people's data (names, files, statuses, the audit log), so no cache may keep them: not
 * a shared proxy, and not the browser's own cache, which outlives a sign-out on a shared computer. An answer that
 * chose its own policy keeps it (downloads are `private, no-store` already; the theme, which is the firm's and
 * no one's personal data, is revalidated with `private, no-cache`).
 */
export const keepOutOfCaches: onSendHookHandler = (_request, reply, payload, done) => {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
};
