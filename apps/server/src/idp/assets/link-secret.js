// Moves a set-password link's secret from the address's fragment (which browsers never send to a server, so it
// stays out of request lines, logs and Referer headers) into the form, and takes it out of the address bar and
// the history. The Content-Security-Policy forbids inline scripts, so this lives in its own file.
document.addEventListener('DOMContentLoaded', () => {
  const field = document.getElementById('secret');
  const secret = window.location.hash.slice(1);
  if (field && secret) {
    field.value = secret;
    window.history.replaceState(null, '', window.location.pathname);
  }
  const missing = document.getElementById('missing-link');
  if (missing && field && !field.value) missing.hidden = false;
  // A link already used (or expired) says so at once, not after the password was typed twice.
  if (field?.value) {
    fetch('/idp/password/check', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: field.value }),
    })
      .then((answer) => (answer.ok ? answer.json() : { usable: true }))
      .then((answer) => {
        if (answer.usable === false) window.location.replace('/idp/password/invalid');
      })
      .catch(() => {});
  }
});
