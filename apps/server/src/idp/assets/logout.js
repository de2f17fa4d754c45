// Submits the provider's logout form as soon as the page is ready, when the page asks for it: the
// Content-Security-Policy forbids inline scripts, so this lives in its own file. The visible button does the same
// for browsers without JavaScript.
document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('op.logoutForm');
  if (form && document.body.dataset.autoSubmit === 'true') form.submit();
});
