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
});
