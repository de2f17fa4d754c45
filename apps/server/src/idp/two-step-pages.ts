import { escapeHtml, renderPage } from './html.ts';
import {
  addPasskeyForm,
  PASSKEY_SCRIPTS,
  PASSKEY_STYLE,
  passkeyButton,
  renderPasskeySection,
} from './passkey-pages.ts';
import type { PasskeyInfo } from './passkeys.usecases.ts';
import { SECURITY_PATH } from './provider-config.ts';
import { SIGN_IN_METHOD_LABELS, type SignInRecord } from './sign-in-history.ts';
import type { TotpEnrolment, TwoStepState } from './two-step.usecases.ts';

/** The provider's pages of the second step (decision 45); each takes already-safe paths. */

export { SECURITY_PATH };

const alertOf = (error: string | undefined) =>
  error ? `<div class="alert" id="code-error" role="alert">${escapeHtml(error)}</div>` : '';

const codeField = (
  label: string,
  hint: string,
  error: string | undefined,
  autocomplete = 'one-time-code',
) => `
<div class="field"><label for="code">${escapeHtml(label)}</label>
<input id="code" name="code" type="text" inputmode="text" autocomplete="${autocomplete}" autocapitalize="none"
 spellcheck="false" maxlength="40" required autofocus aria-describedby="code-hint${error ? ' code-error' : ''}"${
   error ? ' aria-invalid="true"' : ''
 }>
<p class="hint" id="code-hint">${escapeHtml(hint)}</p></div>`;

/**
 * After the password: the code of the authenticator app or a recovery code, and a passkey's button where the
 * person has passkeys (`passkeyPath`); without an app, the passkey alone.
 */
export function renderSecondStepPage(options: {
  action: string;
  error?: string;
  locked?: boolean;
  totp?: boolean;
  passkeyPath?: string;
}) {
  const totp = options.totp ?? true;
  const form =
    options.locked || !totp
      ? ''
      : `<form method="post" action="${escapeHtml(options.action)}">
${codeField('Code', 'The six digits your authenticator app shows now, or one of your recovery codes.', options.error)}
<button type="submit">Continue</button>
</form>`;
  const lead = totp
    ? '<p>Open the authenticator app you set up for Portico and type the code it shows.</p>'
    : '<p>Use one of your passkeys to finish signing in.</p>';
  const passkey = options.passkeyPath
    ? `${passkeyButton(options.passkeyPath, 'Use a passkey')}${PASSKEY_STYLE}`
    : '';
  return renderPage({
    title: 'Two-step sign-in',
    body: `<h1>Two-step sign-in</h1>
${lead}
${alertOf(options.error)}${form}${passkey}`,
    ...(options.passkeyPath ? { scripts: PASSKEY_SCRIPTS } : {}),
  });
}

/** The QR code, the key as text, and the code that confirms it: at sign-in (policy) and on the security page. */
export function renderEnrolPage(options: {
  action: string;
  enrolment: TotpEnrolment;
  required?: boolean;
  error?: string;
  /** At a sign-in a firm's policy requires: where a passkey can be added instead (passkeys.routes.ts). */
  passkeyAction?: string;
}) {
  const lead = options.required
    ? '<p>Your firm requires a second step when you sign in. Set up an authenticator app now: it takes a minute.</p>'
    : '<p>After your password, Portico will ask for a code from an authenticator app on your phone.</p>';
  return renderPage({
    title: 'Set up an authenticator app',
    body: `<h1>Set up an authenticator app</h1>
${lead}
<ol>
<li>Install an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Bitwarden…).</li>
<li>Scan this code with it:
<div class="qr" role="img" aria-label="QR code of your Portico key">${options.enrolment.qrSvg}</div>
or type this key into it: <code id="totp-key" class="key">${escapeHtml(options.enrolment.key)}</code></li>
<li>Type the six digits the app now shows.</li>
</ol>
${alertOf(options.error)}<form method="post" action="${escapeHtml(options.action)}">
${codeField('Code from the app', 'Six digits; a new code comes every 30 seconds.', options.error)}
<button type="submit">Turn on two-step sign-in</button>
</form>${
      options.passkeyAction
        ? `<div data-passkey hidden><h2 class="or">Or add a passkey instead</h2>
<p>Your fingerprint, face or device PIN, on this device.</p></div>
${addPasskeyForm(options.passkeyAction, 'Add a passkey and continue')}`
        : ''
    }
<style>.qr svg { width: 200px; height: 200px; display: block; margin: 8px 0; } .key { font-size: 15px;
 word-spacing: 4px; background: #f3f5f8; padding: 2px 6px; border-radius: 4px; } ol { padding-left: 20px; }
 li { margin: 0 0 10px; color: var(--muted); } h2.or { font-size: 18px; margin: 24px 0 8px; }</style>`,
    ...(options.passkeyAction ? { scripts: PASSKEY_SCRIPTS } : {}),
  });
}

/** The recovery codes, shown once; the form goes on (to the portal at sign-in, back to the page otherwise). */
export function renderRecoveryCodesPage(options: { codes: string[]; action: string; button: string }) {
  const text = `Portico recovery codes (each works once)\n\n${options.codes.join('\n')}\n`;
  return renderPage({
    title: 'Your recovery codes',
    body: `<h1>Save your recovery codes</h1>
<p>If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown
only now: download them or copy them somewhere safe.</p>
<ul class="codes" id="recovery-codes">${options.codes.map((c) => `<li><code>${escapeHtml(c)}</code></li>`).join('')}</ul>
<p><a download="portico-recovery-codes.txt" href="data:text/plain;charset=utf-8,${encodeURIComponent(text)}">Download the codes</a></p>
<form method="post" action="${escapeHtml(options.action)}"><button type="submit">${escapeHtml(options.button)}</button></form>
<style>.codes { columns: 2; list-style: none; padding: 0; margin: 0 0 16px; font-size: 17px; }
 .codes li { margin: 0 0 6px; }</style>`,
  });
}

/** "Sign-in and security": what protects the account, and the changes a person makes to it. */
export function renderSecurityPage(options: {
  name: string;
  state: TwoStepState;
  required: boolean;
  backUrl: string;
  signIns: SignInRecord[];
  passkeys: PasskeyInfo[];
  notice?: string;
}) {
  const { state } = options;
  const notice = options.notice
    ? `<div class="notice" role="status">${escapeHtml(options.notice)}</div>`
    : '';
  const required = options.required ? '<p>Your firm requires two-step sign-in for you.</p>' : '';
  const app = state.totp
    ? `<p><strong>Authenticator app: on.</strong> ${state.recoveryCodesLeft} unused recovery codes.</p>
<form method="post" action="${SECURITY_PATH}/recovery-codes"><button type="submit">Make new recovery codes</button></form>
<form method="post" action="${SECURITY_PATH}/totp/remove"><button type="submit" class="secondary">Turn off the authenticator app</button></form>`
    : `<p><strong>Authenticator app: off.</strong> ${
        state.passkeys ? 'Your passkeys are your second step.' : 'Only your password protects your account.'
      }</p>
<div class="actions"><a class="link-button" href="${SECURITY_PATH}/totp">Set up an authenticator app</a></div>`;
  return renderPage({
    title: 'Sign-in and security',
    body: `<h1>Sign-in and security</h1>
<p>Signed in as ${escapeHtml(options.name)}.</p>
${notice}<h2>Two-step sign-in</h2>
${required}${app}
${renderPasskeySection(options.passkeys)}
<h2>Recent sign-ins</h2>
${signInTable(options.signIns)}
<h2>Where you are signed in</h2>
<p>Signing out everywhere ends your sign-in in every browser and app, this one included.</p>
<form method="post" action="${SECURITY_PATH}/sign-out-everywhere"><button type="submit" class="secondary">Sign out everywhere</button></form>
<p class="aside"><a href="${escapeHtml(options.backUrl)}">Back to Portico</a></p>
<style>h2 { font-size: 18px; margin: 16px 0 8px; } form { margin: 0 0 12px; }
 button.secondary { background: #fff; color: var(--danger); border: 1px solid var(--danger); }
 table { width: 100%; border-collapse: collapse; font-size: 14px; margin: 0 0 16px; }
 th, td { text-align: left; padding: 4px 6px; border-bottom: 1px solid var(--line); vertical-align: top; }
 .notice { margin: 0 0 16px; padding: 10px 12px; border-radius: 8px; background: #eaf5ec; border: 1px solid #9fd3aa; }</style>`,
    scripts: PASSKEY_SCRIPTS,
  });
}

/** The security page without a sign-in: the way to one. */
export function renderSignInFirstPage(portalUrl: string) {
  return renderPage({
    title: 'Sign in first',
    body: `<h1>Sign in first</h1>
<p>This page shows how your account is protected. Sign in to Portico, then open it from the menu on your name.</p>
<div class="actions"><a class="link-button" href="${escapeHtml(portalUrl)}">Sign in</a></div>`,
  });
}

export function lockedMessage(until: Date) {
  const time = until.toISOString().slice(11, 16);
  return `Too many wrong codes: two-step sign-in is locked until ${time} UTC, and even the right code is refused until then. We have sent you an e-mail about it.`;
}

export const WRONG_CODE_MESSAGE =
  'That code is not right, or was used already. Try the code the app shows now.';

function signInTable(signIns: SignInRecord[]) {
  if (!signIns.length) return '<p>None recorded yet.</p>';
  const rows = signIns
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.at.toISOString().replace('T', ' ').slice(0, 16))} UTC</td><td>${escapeHtml(
          SIGN_IN_METHOD_LABELS[s.method],
        )}</td><td>${escapeHtml(s.browser)}</td><td>${escapeHtml(s.address)}</td></tr>`,
    )
    .join('');
  return `<table id="sign-ins"><thead><tr><th scope="col">When</th><th scope="col">How</th><th scope="col">Browser</th><th scope="col">Address</th></tr></thead><tbody>${rows}</tbody></table>`;
}
