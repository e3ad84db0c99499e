/**
 * Sign-in starts on the server, which keeps the PKCE verifier and state in an HttpOnly cookie
 * and redirects to the identity provider (embedded or external).
 */
export function signInUrl(options: { register?: boolean; language?: string } = {}) {
  const params = new URLSearchParams();
  if (options.register) params.set('register', 'true');
  if (options.language) params.set('lang', options.language);
  const q = params.toString();
  return `/api/Auth/Login${q ? `?${q}` : ''}`;
}
