import { createHash, randomBytes } from 'node:crypto';
import { SIGN_IN_METHOD_LABELS, type SignInMethod } from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { findBrowserSeen, insertSignIn } from './sign-in-history.repository.ts';
import { mailPerson } from './two-step.usecases.ts';

/**
 * Sign-in history (issue 28 item 6): every completed sign-in at the embedded provider, with its method, browser and
 * address; a browser the person never signed in from before is mailed about. A browser is recognised by a random
 * id it keeps in a cookie of the provider's pages (only its SHA-256 is stored), not by its user agent, which many
 * browsers share.
 */
export { SIGN_IN_METHOD_LABELS, type SignInMethod } from '@portico/contracts';

const BROWSER_COOKIE = 'portico_browser';
const BROWSER_COOKIE_DAYS = 400;

export type { SignInRecord } from './sign-in-history.repository.ts';

function browserIdOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === BROWSER_COOKIE && value && /^[\w-]{43}$/.test(value)) return value;
  }
  return undefined;
}

/** "Firefox on Windows": enough for a person to recognise their own device, nothing more is kept. */
export function describeBrowser(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'A browser';
  const system = /iPhone|iPad|iPod/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : undefined;
  return system ? `${browser} on ${system}` : browser;
}

/**
 * Records a completed sign-in (in the caller's transaction or on its own) and gives the browser its id cookie if
 * it has none; mails the person when this browser never signed them in before and they had signed in elsewhere.
 */
export async function recordSignIn(
  db: Queryable,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  method: SignInMethod,
  secure: boolean,
) {
  let browserId = browserIdOf(request);
  if (!browserId) {
    browserId = randomBytes(32).toString('base64url');
    reply.header(
      'set-cookie',
      [
        `${BROWSER_COOKIE}=${browserId}`,
        'Path=/idp',
        `Max-Age=${BROWSER_COOKIE_DAYS * 86_400}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(secure ? ['Secure'] : []),
      ].join('; '),
    );
  }
  const browserHash = createHash('sha256').update(browserId).digest('hex');
  const browser = describeBrowser(request.headers['user-agent']);
  const address = request.ip.slice(0, 64);
  const seen = await findBrowserSeen(db, accountId, browserHash);
  const row = await insertSignIn(db, { userId: accountId, method, browser, address, browserHash });
  if (seen.earlier && !seen.known) {
    await mailPerson(
      db,
      accountId,
      'new-browser-sign-in',
      {
        at: new Date(row.signed_in_at).toISOString(),
        browser,
        address,
        method: SIGN_IN_METHOD_LABELS[method],
      },
      `new-browser-sign-in:${row.id}`,
    );
  }
}

export { listSignIns } from './sign-in-history.repository.ts';
