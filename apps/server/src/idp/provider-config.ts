import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import Provider, { errors, interactionPolicy } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { runtimeConfigOf } from '../http/front-ends.ts';
import { findAccountById, tenantsOf } from './accounts.ts';
import { renderLogoutPage, renderProviderErrorPage, renderSignedOutPage } from './notice-pages.ts';
import { createPostgresAdapterFactory } from './postgres-adapter.ts';
import { type ProviderSecrets, SIGNING_ALG } from './signing-keys.ts';
import { needsSecondStep, passedSecondStep } from './two-step-policy.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Lifetimes in seconds. A working day of sign-in; API tokens short, renewed with the refresh token. */
export const TTL = {
  accessToken: 15 * MINUTE,
  idToken: HOUR,
  interaction: 30 * MINUTE,
  session: 12 * HOUR,
  /** Absolute: rotation hands on the remaining lifetime rather than starting a new one. */
  refreshToken: 12 * HOUR,
} as const;

/** The scope whose grant puts the tenant claim in tokens (SPEC: the front ends ask for openid profile tenancy). */
export const TENANCY_SCOPE = 'tenancy';

/** Where the provider's own interaction pages live, outside /oidc so that they are ordinary Fastify routes. */
export const interactionPath = (uid: string) => `/idp/interaction/${encodeURIComponent(uid)}`;

/** "Sign-in and security", the provider's page of a signed-in person (two-step.routes.ts, passkeys.routes.ts). */
export const SECURITY_PATH = '/idp/account/security';

export interface ProviderDeps {
  config: Config;
  /** The owner connection: provider state and accounts are not tenant data. */
  db: Queryable;
  secrets: ProviderSecrets;
  onStorageError?: (error: unknown) => void;
}

export function createProvider({ config, db, secrets, onStorageError }: ProviderDeps): Provider {
  const issuer = `${config.publicUrl}/oidc`;
  const portalUrl = `${config.publicUrl}/`;
  const frontEnds = runtimeConfigOf(config);
  const audience = config.oidcAudience;

  const configuration: Configuration = {
    adapter: createPostgresAdapterFactory(db, onStorageError ? { onPurgeError: onStorageError } : {}),
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      { ...frontEnds.portal, name: 'the client portal' },
      { ...frontEnds.controlPanel, name: 'the control panel' },
    ].map((app) => ({
      client_id: app.clientId,
      client_name: app.name,
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [app.redirectUri],
      post_logout_redirect_uris: [app.postLogoutRedirectUri],
      id_token_signed_response_alg: SIGNING_ALG,
    })),
    // Authorization code with PKCE only: no implicit or hybrid flow puts tokens in a URL.
    responseTypes: ['code'],
    pkce: { required: () => true },
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      profile: ['name'],
      email: ['email', 'email_verified'],
      [TENANCY_SCOPE]: [config.tenantClaim],
    },
    async findAccount(_ctx, sub) {
      const account = await findAccountById(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.accountId,
        async claims(_use, scope) {
          const scopes = new Set(scope.split(' '));
          return {
            sub: account.accountId,
            // Only a name of the person's own: otherwise each firm shows the name it gave them (decision 7).
            ...(account.ownName ? { name: account.ownName } : {}),
            email: account.email,
            email_verified: account.emailVerified,
            ...(scopes.has(TENANCY_SCOPE)
              ? { [config.tenantClaim]: await tenantsOf(db, account.accountId) }
              : {}),
          };
        },
      };
    },
    // The tenant list is read at token time, so a refreshed token follows membership changes.
    async extraTokenClaims(ctx, token) {
      await refuseWithoutSecondStep(ctx, db);
      if (!('accountId' in token) || !token.accountId || !grantedTenancy(ctx)) return undefined;
      return { [config.tenantClaim]: await tenantsOf(db, token.accountId) };
    },
    // Both clients are first-party single-page apps. They always get a refresh token: renewing through a hidden
    // iframe fails once browsers block third-party cookies, and the provider drops `offline_access` unless the
    // request says prompt=consent, which a first-party app has no reason to show. What bounds the risk instead:
    // public-client refresh tokens rotate on every use (a replayed one revokes the grant), they expire with the
    // session (no offline_access), and logout revokes the grant.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: TTL.accessToken,
      AuthorizationCode: MINUTE,
      IdToken: TTL.idToken,
      Interaction: TTL.interaction,
      Session: TTL.session,
      Grant: TTL.session,
      RefreshToken: (ctx) => ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? TTL.refreshToken,
    },
    interactions: {
      policy: interactionPolicyOf(db),
      url: (_ctx, interaction) => interactionPath(interaction.uid),
    },
    // The front ends are served from this origin; CORS is for the clients' own origins only.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => URL.parse(uri)?.origin === origin) ?? false,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          // Submit at once only when the request proves it comes from the signed-in user's own front end: a
          // valid id_token_hint (the provider checked its signature) for this session's account. A bare link, or
          // someone else's ID token, asks first, so a third party cannot sign people out with a link.
          const hintSubject = ctx.oidc.entities.IdTokenHint?.payload.sub;
          const autoSubmit = hintSubject !== undefined && hintSubject === ctx.oidc.session?.accountId;
          html(ctx, 200, renderLogoutPage(form, { autoSubmit, portalUrl }));
        },
        async postLogoutSuccessSource(ctx) {
          html(ctx, 200, renderSignedOutPage(portalUrl));
        },
      },
      resourceIndicators: {
        enabled: true,
        // Front ends need not send `resource`: every access token is for this API, as a JWT (RFC 9068).
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== audience) throw new errors.InvalidTarget();
          return {
            scope: '',
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: TTL.accessToken,
            jwt: { sign: { alg: SIGNING_ALG } },
          };
        },
      },
    },
    async renderError(ctx, out) {
      html(
        ctx,
        ctx.status,
        renderProviderErrorPage(portalUrl, {
          code: out.error,
          ...(out.error_description ? { description: out.error_description } : {}),
        }),
      );
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.use(refuseForeignPreflights(new URL(config.publicUrl).origin));
  return provider;
}

type ProviderMiddleware = Parameters<Provider['use']>[0];

/**
 * oidc-provider answers every CORS preflight by echoing the Origin it was sent, since a preflight names no client
 * to check (`clientBasedCORS` runs on the request itself), so any web page was told it may call the token
 * endpoint from its own origin. The front ends are served from PUBLIC_URL's origin, the only
 * origin their clients' redirect URIs allow, so a preflight from any other origin is answered without an
 * `Access-Control-*` header, which browsers take as a refusal.
 */
function refuseForeignPreflights(allowedOrigin: string): ProviderMiddleware {
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (
      ctx.method === 'OPTIONS' &&
      origin &&
      origin !== allowedOrigin &&
      ctx.get('Access-Control-Request-Method')
    ) {
      ctx.vary('Origin');
      ctx.status = 204;
      return;
    }
    await next();
  };
}

function html(ctx: KoaContextWithOIDC, status: number, body: string) {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
}

/**
 * The second step's wall at the authorization endpoint (decision 45): a session that did not pass one, of a person
 * who needs one (they set one up, or a firm requires it), is asked to sign in again, as with no session at all.
 */
function interactionPolicyOf(db: Queryable) {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new interactionPolicy.Check('second_step_required', 'A second sign-in step is required', async (ctx) => {
      const { accountId, amr } = ctx.oidc.session ?? {};
      if (!accountId || passedSecondStep(amr)) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      return (await needsSecondStep(db, accountId))
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT;
    }),
  );
  return policy;
}

/**
 * And at the token endpoint: a code or refresh token from a sign-in without a second step issues nothing for a
 * person who needs one now (a refresh token from before a firm's requirement included), so no path around the
 * interaction reaches a token.
 */
async function refuseWithoutSecondStep(ctx: KoaContextWithOIDC, db: Queryable) {
  const { entities } = ctx.oidc;
  const source = entities.RefreshToken ?? entities.AuthorizationCode;
  if (!source?.accountId || passedSecondStep(source.amr)) return;
  if (await needsSecondStep(db, source.accountId)) {
    throw new errors.InvalidGrant('a second sign-in step is required: sign in again');
  }
}

/** Whether this token request carries the tenancy scope, and the user granted it. */
function grantedTenancy(ctx: KoaContextWithOIDC): boolean {
  const { entities, params } = ctx.oidc;
  const source = entities.RefreshToken ?? entities.AuthorizationCode;
  const requested = params?.scope ? ctx.oidc.requestParamScopes : source?.scopes;
  if (!requested?.has(TENANCY_SCOPE)) return false;
  return entities.Grant?.getOIDCScopeFiltered(requested).split(' ').includes(TENANCY_SCOPE) ?? false;
}
