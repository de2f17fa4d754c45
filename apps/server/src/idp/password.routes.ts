import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { SET_PASSWORD_PATH } from '../invitations/invitations.usecases.ts';
import { sendHtml } from './html.ts';
import { passwordProblem, requestPasswordReset, setPasswordWithLink } from './password-links.ts';
import {
  FORGOT_PASSWORD_PATH,
  LINK_SECRET_SCRIPT_PATH,
  renderForgotPasswordPage,
  renderInvalidLinkPage,
  renderResetSentPage,
  renderSetPasswordPage,
} from './password-pages.ts';

/**
 * The cookie that carries a person from "password set" into the portal's sign-in: a sign-in link's secret, good
 * once and for 5 minutes, sent only to the interaction pages, never readable by scripts.
 */
export const SIGN_IN_COOKIE = 'portico_sign_in';
export const SIGN_IN_COOKIE_PATH = '/idp/interaction';

export interface PasswordRoutesOptions {
  config: Config;
  db: Database;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

const field = (request: FastifyRequest, name: string, max: number) => {
  const value = ((request.body ?? {}) as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, max) : '';
};

/**
 * Forms that change something for whoever submits them, without a secret of their own (the reset request), must
 * come from this origin. Browsers say where a request comes from in `Sec-Fetch-Site`; older ones only in
 * `Origin`, which is "null" under this site's `Referrer-Policy: no-referrer`, so only another origin counts there.
 */
function isCrossSite(request: FastifyRequest, publicUrl: string) {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  return origin !== undefined && origin !== 'null' && origin !== new URL(publicUrl).origin;
}

/** Set-password (invitations and resets) and "forgot password" pages of the embedded provider. */
export async function passwordRoutes(app: FastifyInstance, { config, db }: PasswordRoutesOptions) {
  const portalUrl = `${config.publicUrl}/`;
  const script = await readFile(new URL('./assets/link-secret.js', import.meta.url));
  const rateLimit = { max: config.loginRateLimit, timeWindow: '1 minute' };
  const secure = new URL(config.publicUrl).protocol === 'https:';

  app.get(LINK_SECRET_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );

  app.get(SET_PASSWORD_PATH, { schema: { hide: true } }, async (_request, reply) =>
    sendHtml(reply, 200, renderSetPasswordPage({ action: SET_PASSWORD_PATH })),
  );

  app.post(
    SET_PASSWORD_PATH,
    { schema: { hide: true }, config: { rateLimit } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const secret = field(request, 'secret', 100);
      const password = field(request, 'password', 2048);
      const problem = passwordProblem(password, field(request, 'confirmation', 2048));
      if (!secret) return sendHtml(reply, 400, renderInvalidLinkPage(portalUrl));
      if (problem) {
        return sendHtml(
          reply,
          400,
          renderSetPasswordPage({ action: SET_PASSWORD_PATH, secret, error: problem }),
        );
      }
      const done = await setPasswordWithLink(db, secret, password);
      if (!done) {
        request.log.info('password not set: the link is unknown, used or expired');
        return sendHtml(reply, 400, renderInvalidLinkPage(portalUrl));
      }
      if ('problem' in done) {
        return sendHtml(
          reply,
          400,
          renderSetPasswordPage({ action: SET_PASSWORD_PATH, secret, error: done.problem }),
        );
      }
      request.log.info({ accountId: done.userId, username: done.username }, 'password set with a link');
      const cookie = [
        `${SIGN_IN_COOKIE}=${done.signInSecret}`,
        `Path=${SIGN_IN_COOKIE_PATH}`,
        'Max-Age=300',
        'HttpOnly',
        'SameSite=Lax',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
      return reply.header('set-cookie', cookie).redirect(portalUrl, 303);
    },
  );

  app.get(FORGOT_PASSWORD_PATH, { schema: { hide: true } }, async (_request, reply) =>
    sendHtml(reply, 200, renderForgotPasswordPage({ action: FORGOT_PASSWORD_PATH })),
  );

  app.post(
    FORGOT_PASSWORD_PATH,
    { schema: { hide: true }, config: { rateLimit } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (isCrossSite(request, config.publicUrl)) {
        return sendHtml(reply, 403, renderForgotPasswordPage({ action: FORGOT_PASSWORD_PATH }));
      }
      const email = field(request, 'email', 300).trim();
      if (!EMAIL.test(email)) {
        return sendHtml(
          reply,
          400,
          renderForgotPasswordPage({
            action: FORGOT_PASSWORD_PATH,
            email,
            error: 'Enter the e-mail address of your account.',
          }),
        );
      }
      await requestPasswordReset(db, email, { publicUrl: config.publicUrl });
      return sendHtml(reply, 200, renderResetSentPage(portalUrl));
    },
  );
}

/** The sign-in cookie's secret in a request, if it has one. */
export function signInCookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SIGN_IN_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

export const clearSignInCookie = (reply: FastifyReply) =>
  reply.header(
    'set-cookie',
    `${SIGN_IN_COOKIE}=; Path=${SIGN_IN_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`,
  );
