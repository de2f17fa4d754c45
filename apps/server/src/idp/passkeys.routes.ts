import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { authenticate, findAccountById, type IdpAccount } from './accounts.ts';
import { sendHtml } from './html.ts';
import { NOT_CONFIRMED_MESSAGE, PASSKEYS_PATH, renderRemovePasskeyPage } from './passkey-pages.ts';
import { renamePasskey } from './passkeys.repository.ts';
import {
  cleanPasskeyName,
  listPasskeys,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  relyingPartyOf,
  removePasskey,
  verifyPasskey,
} from './passkeys.usecases.ts';
import { SECURITY_PATH } from './provider-config.ts';
import type { SecretBox } from './secret-box.ts';
import type { SignInMethod } from './sign-in-history.ts';
import { requiredByFirm } from './two-step.repository.ts';
import { checkSecondStep, hasSecondStep, twoStepStateOf } from './two-step.usecases.ts';
import { SECOND_STEP_AMR } from './two-step-policy.ts';

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;
type IdRequest = FastifyRequest<{ Params: { id: string } }>;

export interface PasskeyRoutesOptions {
  config: Config;
  db: Database;
  box: SecretBox;
  interactionOf(request: UidRequest, reply: FastifyReply): Promise<Interaction | undefined>;
  /** The person whose password passed in this interaction, while their second step is due. */
  pendingOf(interaction: Interaction): { accountId: string } | undefined;
  /** Records the sign-in and gives the provider its result; answers where the browser goes on. */
  complete(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    amr: string[],
    method: SignInMethod,
  ): Promise<string>;
  signedInAccount(request: FastifyRequest, reply: FastifyReply): Promise<IdpAccount | undefined>;
  /** A same-origin form of "Sign-in and security" by the person signed in (two-step.routes.ts). */
  securityPost(
    path: string,
    handle: (
      request: FastifyRequest,
      reply: FastifyReply,
      accountId: string,
      email: string,
    ) => Promise<unknown>,
  ): unknown;
  securityPage(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    notice?: string,
  ): Promise<unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the page's script sends: the browser's credential as @simplewebauthn/browser serialises it. */
const credentialSchema = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: {
    id: { type: 'string', maxLength: 1400 },
    rawId: { type: 'string', maxLength: 1400 },
    type: { const: 'public-key' },
    response: {
      type: 'object',
      required: ['clientDataJSON'],
      properties: { clientDataJSON: { type: 'string', maxLength: 8192 } },
    },
  },
} as const;

const REFUSED_MESSAGE = 'This passkey was not accepted. Try again, or use another way to sign in.';

/**
 * Passkeys on the provider's pages (decision 51). Each ceremony is two same-origin JSON posts from passkeys.js:
 * `…/options` (the challenge, kept in the database) and the browser's answer. The cross-site check of the pages'
 * scope (interactions.routes.ts) refuses a post from another site before any of these runs.
 *
 * - `/idp/interaction/:uid/passkey`: while a password waits for its second step, a passkey of that person ends
 *   it (`amr` pwd, hwk, mfa); otherwise the login page's passkey sign-in: a discoverable passkey with user
 *   verification is both steps (`amr` hwk, user, mfa).
 * - `/idp/account/security/passkeys…`: add (mailed), rename, and remove after the password or an app's code.
 */
export async function passkeyRoutes(app: FastifyInstance, options: PasskeyRoutesOptions) {
  const { config, db, box, interactionOf, pendingOf, complete, signedInAccount, securityPost, securityPage } =
    options;
  const rp = relyingPartyOf(config.publicUrl);
  const rateLimit = { max: config.loginRateLimit, timeWindow: '1 minute' };
  const uidParams = {
    type: 'object',
    properties: { uid: { type: 'string', maxLength: 200 } },
    required: ['uid'],
  } as const;

  /** The sign-in this ceremony belongs to: the interaction, and the person whose password passed, if any. */
  async function ceremonyOf(request: UidRequest, reply: FastifyReply) {
    const interaction = await interactionOf(request, reply);
    if (interaction?.prompt.name !== 'login') return undefined;
    const pending = pendingOf(interaction);
    return pending
      ? { purpose: 'second-step' as const, subject: interaction.uid, userId: pending.accountId }
      : { purpose: 'sign-in' as const, subject: interaction.uid };
  }

  const expired = (reply: FastifyReply) =>
    reply
      .status(400)
      .send({ message: 'This sign-in page has expired. Go back to Portico and sign in again.' });

  app.post(
    '/idp/interaction/:uid/passkey/options',
    { schema: { hide: true, params: uidParams }, config: { rateLimit } },
    async (request: UidRequest, reply) => {
      const ceremony = await ceremonyOf(request, reply);
      if (!ceremony) return expired(reply);
      return reply
        .header('cache-control', 'no-store')
        .send(await passkeyAuthenticationOptions(db, rp, ceremony));
    },
  );

  app.post(
    '/idp/interaction/:uid/passkey',
    {
      schema: {
        hide: true,
        params: uidParams,
        body: { type: 'object', required: ['response'], properties: { response: credentialSchema } },
      },
      config: { rateLimit },
    },
    async (request: UidRequest, reply) => {
      const ceremony = await ceremonyOf(request, reply);
      if (!ceremony) return expired(reply);
      const { response } = request.body as { response: AuthenticationResponseJSON };
      const result = await verifyPasskey(db, rp, ceremony, response);
      if (!result.ok) {
        request.log.info(
          { purpose: ceremony.purpose, reason: result.reason, detail: result.detail },
          'passkey refused',
        );
        return reply.status(401).send({ message: REFUSED_MESSAGE });
      }
      if (!(await findAccountById(db, result.userId)))
        return reply.status(401).send({ message: REFUSED_MESSAGE });
      request.log.info({ accountId: result.userId, purpose: ceremony.purpose }, 'signed in with a passkey');
      const location =
        ceremony.purpose === 'second-step'
          ? await complete(request, reply, result.userId, ['pwd', 'hwk', SECOND_STEP_AMR], 'password_passkey')
          : await complete(request, reply, result.userId, ['hwk', 'user', SECOND_STEP_AMR], 'passkey');
      return reply.header('cache-control', 'no-store').send({ location });
    },
  );

  /**
   * At a sign-in a firm's policy requires, for a person with no second step yet: a passkey instead of an app. The
   * password passed; nobody with a second step reaches this (they are asked for it), so it adds no way around one.
   */
  async function enrolmentOf(request: UidRequest, reply: FastifyReply) {
    const interaction = await interactionOf(request, reply);
    if (interaction?.prompt.name !== 'login') return undefined;
    const accountId = pendingOf(interaction)?.accountId;
    if (!accountId || hasSecondStep(await twoStepStateOf(db, accountId))) return undefined;
    if (!(await requiredByFirm(db, accountId))) return undefined;
    return findAccountById(db, accountId);
  }

  app.post(
    '/idp/interaction/:uid/enrol/passkey/options',
    { schema: { hide: true, params: uidParams }, config: { rateLimit } },
    async (request: UidRequest, reply) => {
      const account = await enrolmentOf(request, reply);
      if (!account) return expired(reply);
      const registration = await passkeyRegistrationOptions(db, rp, {
        userId: account.accountId,
        email: account.email,
        name: account.name,
      });
      return reply.header('cache-control', 'no-store').send(registration);
    },
  );

  app.post(
    '/idp/interaction/:uid/enrol/passkey',
    { schema: { hide: true, params: uidParams }, config: { rateLimit } },
    async (request: UidRequest, reply) => {
      const account = await enrolmentOf(request, reply);
      if (!account) return expired(reply);
      const added = await addFromBody(request, reply, account.accountId);
      if (!added) return reply;
      request.log.info({ accountId: account.accountId }, 'passkey set up at sign-in');
      const location = await complete(
        request,
        reply,
        account.accountId,
        ['pwd', 'hwk', SECOND_STEP_AMR],
        'password_passkey',
      );
      return reply.header('cache-control', 'no-store').send({ location });
    },
  );

  /** Registers the credential the page's script sent; answers false after answering the refusal itself. */
  async function addFromBody(request: FastifyRequest, reply: FastifyReply, accountId: string) {
    const body = (request.body ?? {}) as { name?: unknown; response?: RegistrationResponseJSON };
    const response = body.response;
    if (!response || typeof response !== 'object' || typeof response.response?.clientDataJSON !== 'string') {
      reply.status(400).send({ message: 'The browser sent no passkey.' });
      return false;
    }
    const name = cleanPasskeyName(body.name) || `Passkey of ${new Date().toISOString().slice(0, 10)}`;
    const result = await registerPasskey(db, rp, accountId, name, response);
    if (!result.ok) {
      request.log.info({ accountId, reason: result.reason, detail: result.detail }, 'passkey not added');
      const message =
        result.reason === 'duplicate'
          ? 'This passkey is registered already.'
          : 'The passkey could not be added: the browser took too long or its answer was not valid. Try again.';
      reply.status(400).send({ message });
      return false;
    }
    request.log.info({ accountId, passkeyId: result.id }, 'passkey added');
    return true;
  }

  // "Sign-in and security": add, rename, remove.
  securityPost(`${PASSKEYS_PATH}/options`, async (_request, reply, accountId) => {
    const account = await findAccountById(db, accountId);
    if (!account) return reply.status(401).send({ message: 'Sign in first.' });
    const registration = await passkeyRegistrationOptions(db, rp, {
      userId: accountId,
      email: account.email,
      name: account.name,
    });
    return reply.header('cache-control', 'no-store').send(registration);
  });

  securityPost(PASSKEYS_PATH, async (request, reply, accountId) => {
    if (!(await addFromBody(request, reply, accountId))) return reply;
    return reply
      .header('cache-control', 'no-store')
      .send({ location: `${config.publicUrl}${SECURITY_PATH}?added=1` });
  });

  /** The person's passkey the URL names, or undefined (someone else's is answered like a missing one). */
  const passkeyOf = async (accountId: string, id: string) =>
    UUID.test(id) ? (await listPasskeys(db, accountId)).find((p) => p.id === id) : undefined;

  securityPost(`${PASSKEYS_PATH}/:id/rename`, async (request, reply, accountId) => {
    const { id } = (request as IdRequest).params;
    const name = cleanPasskeyName((request.body as { name?: unknown } | undefined)?.name);
    if (!(await passkeyOf(accountId, id)))
      return securityPage(request, reply, accountId, 'That passkey is gone.');
    if (!name) return securityPage(request, reply, accountId, 'A passkey needs a name.');
    await renamePasskey(db, accountId, id, name);
    return securityPage(request, reply, accountId, 'Passkey renamed.');
  });

  app.get(`${PASSKEYS_PATH}/:id/remove`, { schema: { hide: true } }, async (request: IdRequest, reply) => {
    const account = await signedInAccount(request, reply);
    if (!account) return reply.redirect(SECURITY_PATH, 303);
    const passkey = await passkeyOf(account.accountId, request.params.id);
    if (!passkey) return securityPage(request, reply, account.accountId, 'That passkey is gone.');
    const { totp } = await twoStepStateOf(db, account.accountId);
    return sendHtml(
      reply,
      200,
      renderRemovePasskeyPage({ name: passkey.name, action: `${PASSKEYS_PATH}/${passkey.id}/remove`, totp }),
    );
  });

  securityPost(`${PASSKEYS_PATH}/:id/remove`, async (request, reply, accountId) => {
    const { id } = (request as IdRequest).params;
    const passkey = await passkeyOf(accountId, id);
    if (!passkey) return securityPage(request, reply, accountId, 'That passkey is gone.');
    const confirmation = (request.body as { confirmation?: unknown } | undefined)?.confirmation;
    const value = typeof confirmation === 'string' ? confirmation.slice(0, 1024) : '';
    const { totp } = await twoStepStateOf(db, accountId);
    if (!(await confirmedByPerson(accountId, value, totp))) {
      request.log.info({ accountId }, 'passkey removal not confirmed');
      return sendHtml(
        reply,
        401,
        renderRemovePasskeyPage({
          name: passkey.name,
          action: `${PASSKEYS_PATH}/${passkey.id}/remove`,
          totp,
          error: NOT_CONFIRMED_MESSAGE,
        }),
      );
    }
    await removePasskey(db, accountId, id);
    request.log.info({ accountId, passkeyId: id }, 'passkey removed');
    return securityPage(request, reply, accountId, `The passkey "${passkey.name}" is removed.`);
  });

  /**
   * The password, or a code of the authenticator app (six digits, checked like the second step: once, and counted
   * toward its lock). A passkey is removed by someone who knows a secret a stolen session does not carry.
   */
  async function confirmedByPerson(accountId: string, value: string, totp: boolean) {
    if (!value) return false;
    if (totp && /^\d{6}$/.test(value.replace(/\s+/g, ''))) {
      return (await checkSecondStep({ db, box }, accountId, value)).ok;
    }
    const account = await findAccountById(db, accountId);
    return Boolean(account && (await authenticate(db, account.username, value))?.accountId === accountId);
  }
}
