/**
 * Served as /idp/assets/logout.js: submits the provider's logout form at once, so signing out
 * takes no extra click. A file, not an inline script, so the strict CSP holds.
 */
export const LOGOUT_SCRIPT = `document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('op.logoutForm');
  if (!form) return;
  var input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'logout';
  input.value = 'yes';
  form.appendChild(input);
  form.submit();
});
`;
