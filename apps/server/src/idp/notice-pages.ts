import { escapeHtml, renderPage } from './html.ts';

/** Pages of the provider that only explain something and offer a way on; each takes already-safe URLs. */

export function renderExpiredInteractionPage(portalUrl: string): string {
  return renderPage({
    title: 'Sign-in expired',
    body: `<h1>This sign-in page has expired</h1>
<p>Sign-in pages are valid for a limited time, and this one is no longer in use: it may have expired, or you
have signed in with it already. Signing in again takes you back to the portal.</p>
<div class="actions"><a class="link-button" href="${escapeHtml(portalUrl)}">Sign in again</a></div>`,
  });
}

export function renderTooManyAttemptsPage(retryUrl: string): string {
  return renderPage({
    title: 'Too many attempts',
    body: `<h1>Too many sign-in attempts</h1>
<p>To protect your account, signing in from this address is paused for a minute. Wait a moment, then try again.</p>
<div class="actions"><a class="link-button" href="${escapeHtml(retryUrl)}">Try again</a></div>`,
  });
}

/** The answer to a form posted from another site (login CSRF): nothing was done. */
export function renderCrossSiteFormPage(portalUrl: string): string {
  return renderPage({
    title: 'Form refused',
    body: `<h1>This form came from another site</h1>
<p>For your safety, forms to sign in or to set a password are only taken from Portico's own pages, and nothing
was changed. Open the portal and try again from there.</p>
<div class="actions"><a class="link-button" href="${escapeHtml(portalUrl)}">Go to the portal</a></div>`,
  });
}

export function renderProviderErrorPage(portalUrl: string, error: { code?: string; description?: string }) {
  const detail = error.description ? `<p>${escapeHtml(error.description)}</p>` : '';
  const code = error.code ? `<p>Error code: <code>${escapeHtml(error.code)}</code></p>` : '';
  return renderPage({
    title: 'Sign-in problem',
    body: `<h1>We could not complete this request</h1>
${detail}${code}<p>If this keeps happening, contact your system administrator.</p>
<div class="actions"><a class="link-button" href="${escapeHtml(portalUrl)}">Go to the portal</a></div>`,
  });
}

/** The script that submits the logout form; served from /idp/ because the CSP forbids inline scripts. */
export const LOGOUT_SCRIPT_PATH = '/idp/assets/logout.js';

/**
 * The confirmation page of RP-initiated logout. `formHtml` is the provider's form (its action and anti-forgery
 * field); the whole session ends (`logout=yes`). When `autoSubmit` is set the script submits it at once, and the
 * button is there for browsers without JavaScript.
 */
export function renderLogoutPage(formHtml: string, options: { autoSubmit: boolean; portalUrl: string }) {
  const form = formHtml.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"><button type="submit">Sign out</button></form>',
  );
  return renderPage({
    title: 'Sign out',
    body: `<h1>${options.autoSubmit ? 'Signing you out…' : 'Sign out of Portico?'}</h1>
<p>Signing out ends your session in the portal and the control panel.</p>
<div class="actions">${form}<a href="${escapeHtml(options.portalUrl)}">Stay signed in</a></div>`,
    scripts: [LOGOUT_SCRIPT_PATH],
    bodyAttributes: options.autoSubmit ? 'data-auto-submit="true"' : '',
  });
}

export function renderSignedOutPage(portalUrl: string): string {
  return renderPage({
    title: 'Signed out',
    body: `<h1>You have been signed out</h1>
<p>Your session has ended. You can close this window or sign in again.</p>
<div class="actions"><a class="link-button" href="${escapeHtml(portalUrl)}">Sign in again</a></div>`,
  });
}
