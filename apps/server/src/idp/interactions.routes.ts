import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type Interaction } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { authenticate, findAccountById, isPlausibleUsername, normalizeUsername } from './accounts.ts';
import { sendHtml } from './html.ts';
import { LOGIN_FAILED_MESSAGE, renderLoginPage, SIGN_IN_SCRIPT_PATH } from './login-page.ts';
import {
  LOGOUT_SCRIPT_PATH,
  renderCrossSiteFormPage,
  renderExpiredInteractionPage,
  renderProviderErrorPage,
  renderTooManyAttemptsPage,
} from './notice-pages.ts';
import { PASSKEYS_SCRIPT_PATH, WEBAUTHN_SCRIPT_PATH } from './passkey-pages.ts';
import { clearSignInCookie, isCrossSite, passwordRoutes, signInCookieOf } from './password.routes.ts';
import { useSignInLink } from './password-links.ts';
import { interactionPath } from './provider-config.ts';
import type { SecretBox } from './secret-box.ts';
import { continueAfterPassword, twoStepRoutes } from './two-step.routes.ts';

export interface InteractionRoutesOptions {
  config: Config;
  db: Database;
  provider: Provider;
  /** Seals the second step's secrets (two-step.routes.ts). */
  box: SecretBox;
}

const require = createRequire(import.meta.url);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

const UID_PARAMS = {
  type: 'object',
  properties: { uid: { type: 'string', maxLength: 200 } },
  required: ['uid'],
} as const;

/**
 * The provider's login step as ordinary Fastify routes: the provider redirects here with an interaction cookie,
 * the form posts back, and the result goes to the provider, which resumes the authorization request. Consent is
 * implied for the two first-party front ends, so it never shows a page.
 */
export async function interactionRoutes(
  app: FastifyInstance,
  { config, db, provider, box }: InteractionRoutesOptions,
) {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const portalUrl = `${config.publicUrl}/`;
  const secure = new URL(config.publicUrl).protocol === 'https:';
  const scripts = {
    [LOGOUT_SCRIPT_PATH]: await readFile(new URL('./assets/logout.js', import.meta.url)),
    [SIGN_IN_SCRIPT_PATH]: await readFile(new URL('./assets/sign-in.js', import.meta.url)),
    [PASSKEYS_SCRIPT_PATH]: await readFile(new URL('./assets/passkeys.js', import.meta.url)),
    // @simplewebauthn/browser's own bundle (a UMD file that defines SimpleWebAuthnBrowser), served as it ships.
    [WEBAUTHN_SCRIPT_PATH]: await readFile(
      path.join(path.dirname(require.resolve('@simplewebauthn/browser')), '../dist/bundle/index.umd.min.js'),
    ),
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const uid = (request.params as { uid?: string } | undefined)?.uid;
    if (error.statusCode === 429) {
      return sendHtml(reply, 429, renderTooManyAttemptsPage(uid ? interactionPath(uid) : portalUrl));
    }
    if (error.statusCode && error.statusCode < 500) {
      return sendHtml(reply, error.statusCode, renderProviderErrorPage(portalUrl, {}));
    }
    request.log.error({ err: error }, 'sign-in page failed');
    return sendHtml(reply, 500, renderProviderErrorPage(portalUrl, { description: 'Something went wrong.' }));
  });

  // Before any form of this scope is read: a post from another site is refused whatever it carries.
  app.addHook('onRequest', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request, config.publicUrl)) {
      request.log.info({ secFetchSite: request.headers['sec-fetch-site'] }, 'cross-site form refused');
      return sendHtml(reply, 403, renderCrossSiteFormPage(portalUrl));
    }
  });

  await passwordRoutes(app, { config, db });
  await twoStepRoutes(app, { config, db, provider, box, interactionOf });

  for (const [path, script] of Object.entries(scripts)) {
    app.get(path, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
    );
  }

  app.get(
    '/idp/interaction/:uid',
    { schema: { hide: true, params: UID_PARAMS } },
    async (request: UidRequest, reply) => {
      const interaction = await interactionOf(provider, request, reply);
      if (!interaction) return sendHtml(reply, 400, renderExpiredInteractionPage(portalUrl));
      switch (interaction.prompt.name) {
        case 'login': {
          // Just set a password with a link (password.routes.ts): the cookie's one-time link signs them in.
          const signInSecret = signInCookieOf(request);
          if (signInSecret) {
            clearSignInCookie(reply);
            const accountId = await useSignInLink(db, signInSecret);
            if (accountId && (await findAccountById(db, accountId))) {
              request.log.info({ accountId }, 'signed in after setting a password');
              const next = await continueAfterPassword(
                { db, provider, secure },
                request,
                reply,
                interaction,
                accountId,
                'password_link',
              );
              return reply.redirect(next, 303);
            }
          }
          return sendHtml(
            reply,
            200,
            renderLoginPage({
              action: `${interactionPath(interaction.uid)}/login`,
              passkeyPath: `${interactionPath(interaction.uid)}/passkey`,
              ...(await clientNameOf(provider, interaction)),
            }),
          );
        }
        case 'consent':
          return reply.redirect(await grantConsent(provider, request, reply, interaction), 303);
        default: {
          const returnTo = await provider.interactionResult(request.raw, reply.raw, {
            error: 'interaction_required',
            error_description: `this provider does not handle the ${interaction.prompt.name} prompt`,
          });
          return reply.redirect(returnTo, 303);
        }
      }
    },
  );

  app.post(
    '/idp/interaction/:uid/login',
    {
      schema: { hide: true, params: UID_PARAMS },
      config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
    },
    async (request: UidRequest, reply) => {
      const interaction = await interactionOf(provider, request, reply);
      if (!interaction) return sendHtml(reply, 400, renderExpiredInteractionPage(portalUrl));
      if (interaction.prompt.name !== 'login') return reply.redirect(interactionPath(interaction.uid), 303);

      const body = (request.body ?? {}) as Record<string, unknown>;
      const username = typeof body.username === 'string' ? body.username.slice(0, 200) : '';
      const password = typeof body.password === 'string' ? body.password.slice(0, 1024) : '';
      const account = username && password ? await authenticate(db, username, password) : undefined;
      if (!account) {
        // People sometimes type their password into the username field: log only what looks like a username.
        const attempted = isPlausibleUsername(username) ? normalizeUsername(username) : '(not a username)';
        request.log.info({ username: attempted }, 'sign-in refused: wrong username or password');
        if (wantsJson(request)) return reply.status(401).send({ message: LOGIN_FAILED_MESSAGE });
        return sendHtml(
          reply,
          401,
          renderLoginPage({
            action: `${interactionPath(interaction.uid)}/login`,
            passkeyPath: `${interactionPath(interaction.uid)}/passkey`,
            username,
            error: LOGIN_FAILED_MESSAGE,
            ...(await clientNameOf(provider, interaction)),
          }),
        );
      }
      request.log.info({ accountId: account.accountId, username: account.username }, 'password accepted');
      // Tokens only after the second step where one is due (two-step.routes.ts).
      const returnTo = await continueAfterPassword(
        { db, provider, secure },
        request,
        reply,
        interaction,
        account.accountId,
      );
      // The page's script continues with location.replace, so the sign-in page leaves the history (issue 19).
      if (wantsJson(request)) return reply.header('cache-control', 'no-store').send({ location: returnTo });
      return reply.redirect(returnTo, 303);
    },
  );
}

/** The sign-in page's script asks for JSON; a browser without scripts posts the form and gets pages. */
function wantsJson(request: FastifyRequest) {
  return (request.headers.accept ?? '').startsWith('application/json');
}

/** The interaction the browser's cookie names, if it is the one in the URL and still alive. */
async function interactionOf(provider: Provider, request: UidRequest, reply: FastifyReply) {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === request.params.uid ? interaction : undefined;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

async function clientNameOf(provider: Provider, interaction: Interaction) {
  const client = await provider.Client.find(String(interaction.params.client_id ?? ''));
  return client?.clientName ? { clientName: client.clientName } : {};
}

/** Grants exactly what the provider reports missing: the requested OIDC scopes, claims and API scopes. */
async function grantConsent(
  provider: Provider,
  request: UidRequest,
  reply: FastifyReply,
  interaction: Interaction,
): Promise<string> {
  const { prompt, params, session, grantId } = interaction;
  const grant = grantId
    ? await provider.Grant.find(grantId)
    : new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
  if (!grant) throw new Error(`grant ${grantId} of interaction ${interaction.uid} not found`);
  const details = prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const savedId = await grant.save();
  return provider.interactionResult(
    request.raw,
    reply.raw,
    { consent: grantId ? {} : { grantId: savedId } },
    { mergeWithLastSubmission: true },
  );
}
