// Passkeys on the provider's pages (decision 51), with @simplewebauthn/browser (webauthn.js, loaded before this
// file, defines SimpleWebAuthnBrowser). What needs WebAuthn is hidden until this script finds it in the browser.
// Each ceremony is two same-origin JSON posts: `<path>/options`, then the browser's answer to `<path>`.
document.addEventListener('DOMContentLoaded', () => {
  const webauthn = window.SimpleWebAuthnBrowser;
  if (!webauthn?.browserSupportsWebAuthn()) return;
  for (const part of document.querySelectorAll('[data-passkey]')) part.hidden = false;

  for (const button of document.querySelectorAll('button[data-passkey-sign-in]')) {
    button.addEventListener('click', () =>
      ceremony(button, button.closest('[data-passkey]'), async () => {
        const path = button.getAttribute('data-passkey-sign-in');
        const optionsJSON = await postJson(`${path}/options`, {});
        const response = await webauthn.startAuthentication({ optionsJSON });
        return postJson(path, { response });
      }),
    );
  }

  const register = document.querySelector('form[data-passkey-register]');
  register?.addEventListener('submit', (event) => {
    event.preventDefault();
    ceremony(register.querySelector('button[type=submit]'), register, async () => {
      const path = register.getAttribute('action');
      const optionsJSON = await postJson(`${path}/options`, {});
      const response = await webauthn.startRegistration({ optionsJSON });
      return postJson(path, { name: register.querySelector('input[name=name]').value, response });
    });
  });
});

/** Runs one ceremony with its button disabled; goes where the server says, or shows why not. */
async function ceremony(button, container, run) {
  const status = container.querySelector('[data-passkey-status]');
  status.hidden = true;
  button.disabled = true;
  try {
    const answer = await run();
    if (answer.location) {
      window.location.replace(answer.location);
      return;
    }
  } catch (error) {
    status.textContent = messageOf(error);
    status.hidden = false;
  }
  button.disabled = false;
}

async function postJson(url, body) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  let answer;
  try {
    answer = await response.json();
  } catch {
    throw new Error('The sign-in service did not answer as expected. Reload the page and try again.');
  }
  if (!response.ok) throw new Error(answer.message || 'Something went wrong. Reload the page and try again.');
  return answer;
}

function messageOf(error) {
  if (error?.name === 'NotAllowedError' || error?.name === 'AbortError') {
    return 'No passkey was used: the request was cancelled or timed out.';
  }
  if (error?.name === 'InvalidStateError') return 'This device has a passkey for your account already.';
  if (error?.name === 'SecurityError') {
    return 'Passkeys need Portico to be opened at its domain name over HTTPS (or at localhost).';
  }
  return error?.message || 'The passkey did not work. Try again.';
}
