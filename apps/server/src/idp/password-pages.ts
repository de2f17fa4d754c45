import { escapeHtml, renderPage } from './html.ts';
import { MIN_PASSWORD_LENGTH } from './password-rule.ts';

/** The provider's pages for invitations and password resets; each takes already-safe URLs. */

export const LINK_SECRET_SCRIPT_PATH = '/idp/assets/link-secret.js';
export const FORGOT_PASSWORD_PATH = '/idp/password/forgot';
/** Answers `{ usable }`: whether a link still sets a password; the set-password page asks it on load. */
export const CHECK_LINK_PATH = '/idp/password/check';
/** Where the set-password page goes when its link no longer works. */
export const INVALID_LINK_PATH = '/idp/password/invalid';

const alertOf = (error: string | undefined, id: string) =>
  error ? `<div class="alert" id="${id}" role="alert">${escapeHtml(error)}</div>` : '';

/**
 * The form that sets a password with an invitation or reset link. The link's secret arrives in the address's
 * fragment and a script moves it into the hidden field; after a refused attempt the page carries it itself.
 */
export function renderSetPasswordPage(options: { action: string; secret?: string; error?: string }) {
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="password-error"' : '';
  return renderPage({
    title: 'Choose your password',
    body: `<h1>Choose your password</h1>
<p>You will sign in with your e-mail address and this password.</p>
<div class="alert" id="missing-link" role="alert" hidden>This page needs the link from your e-mail. Open the link again, or <a href="${FORGOT_PASSWORD_PATH}">ask for a new one</a>.</div>
${alertOf(options.error, 'password-error')}<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" id="secret" name="secret" value="${escapeHtml(options.secret ?? '')}">
<div class="field"><label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}"
 required autofocus aria-describedby="password-hint"${invalid}>
<p class="hint" id="password-hint">At least ${MIN_PASSWORD_LENGTH} characters; a few unrelated words work well.</p></div>
<div class="field"><label for="confirmation">Repeat the password</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required${invalid}></div>
<button type="submit">Set password and sign in</button>
</form>`,
    scripts: [LINK_SECRET_SCRIPT_PATH],
  });
}

export function renderInvalidLinkPage(portalUrl: string) {
  return renderPage({
    title: 'Link no longer valid',
    body: `<h1>This link no longer works</h1>
<p>Links to set a password work once and for 7 days. This one was already used, has expired, or was replaced by a
newer one. Ask for a new link, or ask your firm to send the invitation again.</p>
<div class="actions"><a class="link-button" href="${FORGOT_PASSWORD_PATH}">Ask for a new link</a>
<a href="${escapeHtml(portalUrl)}">Go to the portal</a></div>`,
  });
}

export function renderForgotPasswordPage(options: { action: string; email?: string; error?: string }) {
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="email-error"' : '';
  return renderPage({
    title: 'Reset your password',
    body: `<h1>Reset your password</h1>
<p>Enter the e-mail address of your account, and we will send you a link to choose a new password.</p>
${alertOf(options.error, 'email-error')}<form method="post" action="${escapeHtml(options.action)}">
<div class="field"><label for="email">E-mail address</label>
<input id="email" name="email" type="email" value="${escapeHtml(options.email ?? '')}" autocomplete="email"
 autocapitalize="none" spellcheck="false" maxlength="254" required autofocus${invalid}></div>
<button type="submit">Send the link</button>
</form>`,
  });
}

/** The one answer to a reset request, whether or not the address has an account. */
export function renderResetSentPage(portalUrl: string) {
  return renderPage({
    title: 'Check your e-mail',
    body: `<h1>Check your e-mail</h1>
<p>If the address belongs to an account, a link to choose a new password is on its way. It works once, for 7 days.
If nothing arrives within a few minutes, check your spam folder or ask your firm.</p>
<div class="actions"><a class="link-button" href="${escapeHtml(portalUrl)}">Back to sign in</a></div>`,
  });
}
