import { escapeHtml, renderPage } from './html.ts';
import { PASSKEY_SCRIPTS, PASSKEY_STYLE, passkeyButton } from './passkey-pages.ts';
import { FORGOT_PASSWORD_PATH } from './password-pages.ts';

/** The script that sends the form without leaving the sign-in page in the history; served like the logout script. */
export const SIGN_IN_SCRIPT_PATH = '/idp/assets/sign-in.js';

/** One message for an unknown username and a wrong password alike, so the form does not reveal accounts. */
export const LOGIN_FAILED_MESSAGE = 'The username or password is incorrect.';

export interface LoginPageOptions {
  /** Where the form posts. */
  action: string;
  /** Kept after a failed attempt so only the password needs typing again. */
  username?: string;
  error?: string;
  /** Which front end asked, shown so the user knows where they are going. */
  clientName?: string;
  /** Where the passkey sign-in ("Use a passkey") asks for its options and sends its answer (passkeys.routes.ts). */
  passkeyPath?: string;
}

export function renderLoginPage({
  action,
  username = '',
  error,
  clientName,
  passkeyPath,
}: LoginPageOptions): string {
  const invalid = error ? ' aria-invalid="true" aria-describedby="login-error"' : '';
  const usernameDescription = error ? 'username-hint login-error' : 'username-hint';
  const alert = error ? `<div class="alert" id="login-error" role="alert">${escapeHtml(error)}</div>` : '';
  const lead = clientName
    ? `to continue to ${escapeHtml(clientName)}.`
    : 'with the account your firm gave you.';
  return renderPage({
    title: 'Sign in',
    body: `<h1>Sign in</h1>
<p>Sign in ${lead}</p>
${alert}<form method="post" action="${escapeHtml(action)}" data-sign-in>
<div class="field"><label for="username">Username</label>
<input id="username" name="username" type="text" value="${escapeHtml(username)}" autocomplete="username"
 autocapitalize="none" spellcheck="false" required autofocus
 aria-describedby="${usernameDescription}"${error ? ' aria-invalid="true"' : ''}>
<p class="hint" id="username-hint">Or your e-mail address.</p></div>
<div class="field"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}></div>
<button type="submit">Sign in</button>
</form>
${passkeyPath ? `${passkeyButton(passkeyPath, 'Use a passkey', 'Or sign in with a passkey, without your password.')}${PASSKEY_STYLE}` : ''}
<p class="aside"><a href="${FORGOT_PASSWORD_PATH}">Forgot your password?</a></p>`,
    scripts: [SIGN_IN_SCRIPT_PATH, ...(passkeyPath ? PASSKEY_SCRIPTS : [])],
  });
}
