// Sends the sign-in form with fetch and continues with location.replace, so that after a successful sign-in the
// provider's page does not stay in the browser's history (Back would otherwise land on an expired sign-in page).
// Without JavaScript the form posts as usual. The Content-Security-Policy forbids inline scripts, hence this file.
document.addEventListener('DOMContentLoaded', () => {
  const form = document.querySelector('form[data-sign-in]');
  if (!form) return;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    if (button) button.disabled = true;
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        body: new URLSearchParams(new FormData(form)),
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      const type = response.headers.get('content-type') ?? '';
      if (type.includes('application/json')) {
        const answer = await response.json();
        if (answer.location) {
          window.location.replace(answer.location);
          return;
        }
        showError(form, answer.message);
      } else {
        // An expired sign-in page or too many attempts: show the provider's own page in place.
        const html = await response.text();
        document.open();
        document.write(html);
        document.close();
      }
    } catch {
      showError(form, 'The sign-in service could not be reached. Check your connection and try again.');
    }
    if (button) button.disabled = false;
  });
});

function showError(form, message) {
  let alert = document.getElementById('login-error');
  if (!alert) {
    alert = document.createElement('div');
    alert.id = 'login-error';
    alert.className = 'alert';
    alert.setAttribute('role', 'alert');
    form.before(alert);
  }
  alert.textContent = message;
  for (const input of form.querySelectorAll('input')) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', 'login-error');
  }
  const password = form.querySelector('#password');
  if (password) {
    password.value = '';
    password.focus();
  }
}
