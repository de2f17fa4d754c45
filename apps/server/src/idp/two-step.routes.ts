import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { findAccountById } from './accounts.ts';
import { sendHtml } from './html.ts';
import { renderExpiredInteractionPage, renderSignedOutPage } from './notice-pages.ts';
import { passkeyRoutes } from './passkeys.routes.ts';
import { listPasskeys } from './passkeys.usecases.ts';
import { isCrossSite } from './password.routes.ts';
import { interactionPath } from './provider-config.ts';
import type { SecretBox } from './secret-box.ts';
import { endSessionsOf } from './sessions.ts';
import { listSignIns, recordSignIn, type SignInMethod } from './sign-in-history.ts';
import { deleteTwoStep, requiredByFirm } from './two-step.repository.ts';
import {
  checkSecondStep,
  confirmTotpEnrolment,
  hasSecondStep,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  twoStepStateOf,
} from './two-step.usecases.ts';
import {
  lockedMessage,
  renderEnrolPage,
  renderRecoveryCodesPage,
  renderSecondStepPage,
  renderSecurityPage,
  renderSignInFirstPage,
  SECURITY_PATH,
  WRONG_CODE_MESSAGE,
} from './two-step-pages.ts';
import { SECOND_STEP_AMR } from './two-step-policy.ts';

export interface TwoStepRoutesOptions {
  config: Config;
  db: Database;
  provider: Provider;
  box: SecretBox;
  /** The interaction the browser's cookie names, if it is the one in the URL and still alive. */
  interactionOf(
    provider: Provider,
    request: UidRequest,
    reply: FastifyReply,
  ): Promise<Interaction | undefined>;
}

type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

/**
 * What the password step leaves in the interaction while a second step is due: the account, and whether it has
 * just enrolled. The interaction's `result` carries it (the provider keeps it with the interaction), without a
 * `login`: resuming the authorization now would find no sign-in and ask for one again.
 */
interface PendingSignIn {
  accountId: string;
  enrolled?: boolean;
}

const pendingOf = (interaction: Interaction): PendingSignIn | undefined => {
  const pending = interaction.result?.pendingSecondStep as PendingSignIn | undefined;
  return typeof pending?.accountId === 'string' ? pending : undefined;
};

async function savePending(interaction: Interaction, pending: PendingSignIn) {
  interaction.result = { pendingSecondStep: pending };
  await interaction.save(Math.max(1, (interaction.exp ?? 0) - Math.floor(Date.now() / 1000)));
}

const secondStepPath = (uid: string) => `${interactionPath(uid)}/two-step`;
const enrolPath = (uid: string) => `${interactionPath(uid)}/enrol`;

/**
 * After the password: the provider's result (tokens may follow) when no second step is due, else the page of the
 * second step, or of enrolment when a firm requires one the person does not have yet.
 */
export async function continueAfterPassword(
  { db, provider, secure }: { db: Database; provider: Provider; secure: boolean },
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  accountId: string,
  method: 'password' | 'password_link' = 'password',
): Promise<string> {
  const state = await twoStepStateOf(db, accountId);
  if (hasSecondStep(state) || (await requiredByFirm(db, accountId))) {
    await savePending(interaction, { accountId });
    return hasSecondStep(state) ? secondStepPath(interaction.uid) : enrolPath(interaction.uid);
  }
  await recordSignIn(db, request, reply, accountId, method, secure);
  return provider.interactionResult(
    request.raw,
    reply.raw,
    { login: { accountId, amr: ['pwd'] } },
    { mergeWithLastSubmission: false },
  );
}

const codeOf = (request: FastifyRequest) => {
  const value = ((request.body ?? {}) as Record<string, unknown>).code;
  return typeof value === 'string' ? value.trim().slice(0, 40) : '';
};

/** The second step's pages inside a sign-in, and the "Sign-in and security" page of a signed-in person. */
export async function twoStepRoutes(app: FastifyInstance, options: TwoStepRoutesOptions) {
  const { config, db, provider, box, interactionOf } = options;
  const deps = { db, box };
  const portalUrl = `${config.publicUrl}/`;
  const rateLimit = { max: config.loginRateLimit, timeWindow: '1 minute' };
  const schema = {
    hide: true,
    params: {
      type: 'object',
      properties: { uid: { type: 'string', maxLength: 200 } },
      required: ['uid'],
    },
  } as const;

  /** The interaction and what the password step left in it; undefined answers the expired page. */
  async function pendingInteraction(request: UidRequest, reply: FastifyReply) {
    const interaction = await interactionOf(provider, request, reply);
    const pending = interaction && interaction.prompt.name === 'login' ? pendingOf(interaction) : undefined;
    return interaction && pending ? { interaction, pending } : undefined;
  }

  const secure = new URL(config.publicUrl).protocol === 'https:';
  /** Records the sign-in and gives the provider its result; answers where the browser goes on. */
  const complete = async (
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    amr: string[],
    method: SignInMethod,
  ) => {
    await recordSignIn(db, request, reply, accountId, method, secure);
    return provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId, amr } },
      { mergeWithLastSubmission: false },
    );
  };
  const finish = async (...args: Parameters<typeof complete>) =>
    args[1].redirect(await complete(...args), 303);

  /** The second step's page: the code form where the person has an app, a passkey's button where they have one. */
  const secondStepPage = async (uid: string, accountId: string, error?: string, lockedUntil?: Date) => {
    const state = await twoStepStateOf(db, accountId);
    return renderSecondStepPage({
      action: secondStepPath(uid),
      totp: state.totp || !state.passkeys,
      ...(state.passkeys ? { passkeyPath: `${interactionPath(uid)}/passkey` } : {}),
      ...(error ? { error } : {}),
      ...(lockedUntil ? { error: lockedMessage(lockedUntil) } : {}),
    });
  };

  app.get('/idp/interaction/:uid/two-step', { schema }, async (request: UidRequest, reply) => {
    const found = await pendingInteraction(request, reply);
    if (!found) return sendHtml(reply, 400, renderExpiredInteractionPage(portalUrl));
    return sendHtml(reply, 200, await secondStepPage(found.interaction.uid, found.pending.accountId));
  });

  app.post(
    '/idp/interaction/:uid/two-step',
    { schema, config: { rateLimit } },
    async (request: UidRequest, reply) => {
      const found = await pendingInteraction(request, reply);
      if (!found) return sendHtml(reply, 400, renderExpiredInteractionPage(portalUrl));
      const { accountId } = found.pending;
      const result = await checkSecondStep(deps, accountId, codeOf(request));
      if (!result.ok) {
        request.log.info({ accountId, locked: Boolean(result.lockedUntil) }, 'second step refused');
        return sendHtml(
          reply,
          401,
          await secondStepPage(found.interaction.uid, accountId, WRONG_CODE_MESSAGE, result.lockedUntil),
        );
      }
      request.log.info({ accountId, method: result.method }, 'signed in with a second step');
      return finish(
        request,
        reply,
        accountId,
        ['pwd', result.method === 'otp' ? 'otp' : 'kba', SECOND_STEP_AMR],
        result.method === 'otp' ? 'password_app' : 'password_recovery_code',
      );
    },
  );

  app.get('/idp/interaction/:uid/enrol', { schema }, async (request: UidRequest, reply) => {
    const found = await pendingInteraction(request, reply);
    if (!found) return sendHtml(reply, 400, renderExpiredInteractionPage(portalUrl));
    const account = await findAccountById(db, found.pending.accountId);
    const enrolment =
      account && (await startTotpEnrolment(deps, { userId: account.accountId, label: account.email }));
    if (!enrolment) return reply.redirect(secondStepPath(found.interaction.uid), 303);
    return sendHtml(
      reply,
      200,
      renderEnrolPage({
        action: enrolPath(found.interaction.uid),
        enrolment,
        required: true,
        passkeyAction: `${enrolPath(found.interaction.uid)}/passkey`,
      }),
    );
  });

  app.post(
    '/idp/interaction/:uid/enrol',
    { schema, config: { rateLimit } },
    async (request: UidRequest, reply) => {
      const found = await pendingInteraction(request, reply);
      if (!found) return sendHtml(reply, 400, renderExpiredInteractionPage(portalUrl));
      const { accountId } = found.pending;
      const codes = await confirmTotpEnrolment(deps, accountId, codeOf(request));
      if (!codes) {
        const account = await findAccountById(db, accountId);
        const enrolment =
          account && (await startTotpEnrolment(deps, { userId: accountId, label: account.email }));
        if (!enrolment) return reply.redirect(secondStepPath(found.interaction.uid), 303);
        return sendHtml(
          reply,
          400,
          renderEnrolPage({
            action: enrolPath(found.interaction.uid),
            enrolment,
            required: true,
            passkeyAction: `${enrolPath(found.interaction.uid)}/passkey`,
            error: WRONG_CODE_MESSAGE,
          }),
        );
      }
      await savePending(found.interaction, { accountId, enrolled: true });
      request.log.info({ accountId }, 'authenticator app set up at sign-in');
      return sendHtml(
        reply,
        200,
        renderRecoveryCodesPage({
          codes,
          action: `${enrolPath(found.interaction.uid)}/done`,
          button: 'I have saved them: continue',
        }),
      );
    },
  );

  app.post('/idp/interaction/:uid/enrol/done', { schema }, async (request: UidRequest, reply) => {
    const found = await pendingInteraction(request, reply);
    if (!found?.pending.enrolled) return sendHtml(reply, 400, renderExpiredInteractionPage(portalUrl));
    return finish(request, reply, found.pending.accountId, ['pwd', 'otp', SECOND_STEP_AMR], 'password_app');
  });

  // "Sign-in and security": the provider's own session says who is signed in (its cookie is SameSite=Lax and
  // HttpOnly); every change is a same-origin form.
  async function signedInAccount(request: FastifyRequest, reply: FastifyReply) {
    const ctx = (provider as unknown as { createContext(req: unknown, res: unknown): unknown }).createContext(
      request.raw,
      reply.raw,
    );
    const session = await provider.Session.get(ctx as Parameters<typeof provider.Session.get>[0]);
    return session.accountId ? findAccountById(db, session.accountId) : undefined;
  }

  const backUrlOf = (request: FastifyRequest) => {
    const back = (request.query as { back?: unknown } | undefined)?.back;
    return back === 'control-panel' ? `${config.publicUrl}/control-panel/` : portalUrl;
  };

  const securityPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    notice?: string,
  ) => {
    const account = await findAccountById(db, accountId);
    return sendHtml(
      reply,
      200,
      renderSecurityPage({
        name: account?.name ?? '',
        state: await twoStepStateOf(db, accountId),
        required: await requiredByFirm(db, accountId),
        backUrl: backUrlOf(request),
        signIns: await listSignIns(db, accountId),
        passkeys: await listPasskeys(db, accountId),
        ...(notice ? { notice } : {}),
      }),
    );
  };

  app.get(SECURITY_PATH, { schema: { hide: true } }, async (request, reply) => {
    const account = await signedInAccount(request, reply);
    if (!account) return sendHtml(reply, 401, renderSignInFirstPage(portalUrl));
    // After a passkey is added the page's script comes back here to show the list with it.
    const added = (request.query as { added?: unknown } | undefined)?.added === '1';
    return securityPage(request, reply, account.accountId, added ? 'Passkey added.' : undefined);
  });

  app.get(`${SECURITY_PATH}/totp`, { schema: { hide: true } }, async (request, reply) => {
    const account = await signedInAccount(request, reply);
    if (!account) return sendHtml(reply, 401, renderSignInFirstPage(portalUrl));
    const enrolment = await startTotpEnrolment(deps, { userId: account.accountId, label: account.email });
    if (!enrolment) return reply.redirect(SECURITY_PATH, 303);
    return sendHtml(reply, 200, renderEnrolPage({ action: `${SECURITY_PATH}/totp`, enrolment }));
  });

  const securityPost = (
    path: string,
    handle: (
      request: FastifyRequest,
      reply: FastifyReply,
      accountId: string,
      email: string,
    ) => Promise<unknown>,
  ) =>
    app.post(path, { schema: { hide: true }, config: { rateLimit } }, async (request, reply) => {
      if (isCrossSite(request, config.publicUrl))
        return sendHtml(reply, 403, renderSignInFirstPage(portalUrl));
      const account = await signedInAccount(request, reply);
      if (!account) return sendHtml(reply, 401, renderSignInFirstPage(portalUrl));
      return handle(request, reply, account.accountId, account.email);
    });

  securityPost(`${SECURITY_PATH}/totp`, async (request, reply, accountId, email) => {
    const codes = await confirmTotpEnrolment(deps, accountId, codeOf(request));
    if (!codes) {
      const enrolment = await startTotpEnrolment(deps, { userId: accountId, label: email });
      if (!enrolment) return reply.redirect(SECURITY_PATH, 303);
      return sendHtml(
        reply,
        400,
        renderEnrolPage({ action: `${SECURITY_PATH}/totp`, enrolment, error: WRONG_CODE_MESSAGE }),
      );
    }
    request.log.info({ accountId }, 'authenticator app set up');
    return sendHtml(
      reply,
      200,
      renderRecoveryCodesPage({ codes, action: `${SECURITY_PATH}/saved`, button: 'I have saved them' }),
    );
  });

  securityPost(`${SECURITY_PATH}/saved`, async (request, reply, accountId) =>
    securityPage(request, reply, accountId, 'Two-step sign-in is on.'),
  );

  securityPost(`${SECURITY_PATH}/recovery-codes`, async (request, reply, accountId) => {
    const codes = await regenerateRecoveryCodes(db, accountId);
    if (!codes) return reply.redirect(SECURITY_PATH, 303);
    request.log.info({ accountId }, 'recovery codes made again');
    return sendHtml(
      reply,
      200,
      renderRecoveryCodesPage({ codes, action: `${SECURITY_PATH}/saved`, button: 'I have saved them' }),
    );
  });

  securityPost(`${SECURITY_PATH}/sign-out-everywhere`, async (request, reply, accountId) => {
    const ended = await endSessionsOf(db, accountId);
    request.log.info({ accountId, ended }, 'signed out everywhere');
    return sendHtml(reply, 200, renderSignedOutPage(portalUrl));
  });

  securityPost(`${SECURITY_PATH}/totp/remove`, async (request, reply, accountId) => {
    await db.transaction((tx) => deleteTwoStep(tx, accountId));
    request.log.info({ accountId }, 'authenticator app removed');
    const notice =
      !hasSecondStep(await twoStepStateOf(db, accountId)) && (await requiredByFirm(db, accountId))
        ? 'The authenticator app is off. Your firm requires two-step sign-in: you will set one up at your next sign-in.'
        : 'The authenticator app is off.';
    return securityPage(request, reply, accountId, notice);
  });

  await passkeyRoutes(app, {
    config,
    db,
    box,
    interactionOf: (request, reply) => interactionOf(provider, request, reply),
    pendingOf,
    complete,
    signedInAccount,
    securityPost,
    securityPage,
  });
}
