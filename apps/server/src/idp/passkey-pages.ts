import { escapeHtml, renderPage } from './html.ts';
import type { PasskeyInfo } from './passkeys.usecases.ts';
import { SECURITY_PATH } from './provider-config.ts';

/**
 * The provider's passkey parts (decision 51): the list on "Sign-in and security", the confirmation that removes
 * one, and the buttons of the sign-in and second-step pages. The WebAuthn calls need a script (passkeys.js, with
 * @simplewebauthn/browser): what only works with it stays hidden until the script finds WebAuthn in the browser.
 */
export const WEBAUTHN_SCRIPT_PATH = '/idp/assets/webauthn.js';
export const PASSKEYS_SCRIPT_PATH = '/idp/assets/passkeys.js';
export const PASSKEY_SCRIPTS = [WEBAUTHN_SCRIPT_PATH, PASSKEYS_SCRIPT_PATH];
export const PASSKEYS_PATH = `${SECURITY_PATH}/passkeys`;

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A button that signs with a passkey at `path` (`/options` first, then the answer), shown by the script. Its name
 * never starts with "Sign in", which stays the password form's button alone.
 */
export function passkeyButton(path: string, label: string, lead?: string) {
  return `<div class="passkey" data-passkey hidden>${lead ? `\n<p class="or">${escapeHtml(lead)}</p>` : ''}
<button type="button" class="secondary" data-passkey-sign-in="${escapeHtml(path)}">${escapeHtml(label)}</button>
<div class="alert" data-passkey-status role="alert" hidden></div></div>`;
}

export const PASSKEY_STYLE = `<style>.passkey { margin: 16px 0 0; } .passkey .alert { margin: 12px 0 0; }
 .passkey p.or { margin: 0 0 8px; }
 button.secondary { background: #fff; color: var(--brand); border: 1px solid var(--brand); }</style>`;

/** The form passkeys.js turns into a registration at `action` (`/options` first, then the new credential). */
export function addPasskeyForm(action: string, button: string) {
  return `<form method="post" action="${escapeHtml(action)}" data-passkey-register data-passkey hidden>
<div class="field"><label for="passkey-name">Name of the new passkey</label>
<input id="passkey-name" name="name" type="text" maxlength="100" placeholder="e.g. Work laptop"
 aria-describedby="passkey-name-hint">
<p class="hint" id="passkey-name-hint">So you can tell your passkeys apart, e.g. the device it is on.</p></div>
<button type="submit">${escapeHtml(button)}</button>
<div class="alert" data-passkey-status role="alert" hidden></div>
</form>`;
}

/** The passkeys section of "Sign-in and security": each with its name, dates, rename and remove; then "Add". */
export function renderPasskeySection(passkeys: PasskeyInfo[]) {
  const list = passkeys.length
    ? `<ul class="passkeys" id="passkeys">${passkeys
        .map(
          (p) => `<li><p><strong>${escapeHtml(p.name)}</strong><br>Added ${day(p.createdAt)} · ${
            p.lastUsedAt ? `last used ${day(p.lastUsedAt)}` : 'not used yet'
          }</p>
<form method="post" action="${PASSKEYS_PATH}/${escapeHtml(p.id)}/rename" class="rename">
<label for="name-${escapeHtml(p.id)}">New name for ${escapeHtml(p.name)}</label>
<input id="name-${escapeHtml(p.id)}" name="name" type="text" maxlength="100" required value="${escapeHtml(p.name)}">
<button type="submit" class="small">Rename</button></form>
<a href="${PASSKEYS_PATH}/${escapeHtml(p.id)}/remove" aria-label="Remove ${escapeHtml(p.name)}">Remove</a></li>`,
        )
        .join('')}</ul>`
    : '<p>No passkeys yet.</p>';
  return `<h2>Passkeys</h2>
<p>A passkey signs you in with your fingerprint, face or device PIN instead of a password, and counts as the second
step after one. Add one on each device you use.</p>
${list}
${addPasskeyForm(PASSKEYS_PATH, 'Add a passkey')}
<noscript><p>Adding a passkey needs JavaScript.</p></noscript>
<style>.passkeys { list-style: none; padding: 0; margin: 0 0 16px; }
 .passkeys li { border-bottom: 1px solid var(--line); padding: 8px 0; overflow-wrap: anywhere; }
 .passkeys p { margin: 0 0 8px; }
 .rename { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 0 0 8px; }
 .rename label { width: 100%; font-weight: 400; font-size: 14px; margin: 0; }
 .rename input { flex: 1 1 160px; padding: 6px 8px; }
 button.small { width: auto; padding: 6px 12px; }</style>`;
}

/** Removing a passkey asks again for the password, or a code of the authenticator app, as a thief would not know. */
export function renderRemovePasskeyPage(options: {
  name: string;
  action: string;
  totp: boolean;
  error?: string;
}) {
  const label = options.totp ? 'Your password, or a code from your authenticator app' : 'Your password';
  const alert = options.error
    ? `<div class="alert" id="confirm-error" role="alert">${escapeHtml(options.error)}</div>`
    : '';
  return renderPage({
    title: 'Remove a passkey',
    body: `<h1>Remove a passkey</h1>
<p>Remove the passkey "${escapeHtml(options.name)}"? It will no longer sign you in. To confirm it is you, type
${options.totp ? 'your password or a code from your authenticator app' : 'your password'}.</p>
${alert}<form method="post" action="${escapeHtml(options.action)}">
<div class="field"><label for="confirmation">${escapeHtml(label)}</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="current-password" required autofocus
 maxlength="1024"${options.error ? ' aria-invalid="true" aria-describedby="confirm-error"' : ''}></div>
<button type="submit">Remove the passkey</button>
</form>
<p class="aside"><a href="${SECURITY_PATH}">Keep it</a></p>`,
  });
}

export const NOT_CONFIRMED_MESSAGE = 'That is not your password or a current code of your authenticator app.';
