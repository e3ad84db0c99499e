import { z } from 'zod';

/** SPEC 3 "User". */
export const ZUser = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
});
export type TUser = z.infer<typeof ZUser>;

/** SPEC 6: an admin is a user whose roles include "admin", in any letter case. */
export function isAdmin(roles: readonly string[]): boolean {
  return roles.some((r) => r.toLowerCase() === 'admin');
}

/** A person's name as shown: first and last, empty when neither is known (callers fall back). */
export function personName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** Initials for the top bar avatar (SPEC 2 "Layout"). */
export function initialsOf(user: Pick<TUser, 'firstName' | 'lastName' | 'email'>): string {
  const fromNames = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (fromNames || user.email.charAt(0)).toUpperCase();
}

/** SPEC 7: POST /api/Jwt/token-exchange. `state` is the user-state parameter the provider returned. */
export const ZTokenExchangeRequest = z.object({
  code: z.string().min(1).max(2048),
  redirectUri: z.url().max(2048),
  state: z.string().min(1).max(512),
  /** RFC 9207 issuer identifier, when the provider sends one with the code. */
  iss: z.string().max(2048).optional(),
});
export type TTokenExchangeRequest = z.infer<typeof ZTokenExchangeRequest>;

/**
 * The access token. The refresh token never reaches JavaScript: it travels only in an HttpOnly
 * cookie (safer reading of SPEC 7's "refresh_token", see docs/decisions/0013-sessions-and-revocation.md).
 */
export const ZTokenResponse = z.object({
  token: z.string(),
  expiresIn: z.number().int(),
  /** The signed-in user, as GET /User answers (one request less before a page shows). */
  user: ZUser,
});
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

export const ZLogoutResponse = z.object({
  /** Where the browser goes next: the provider's logout, which returns to /logout-callback. */
  logoutUrl: z.string(),
});

/** SPEC 9: token cookies live 30 days. */
export const REFRESH_TOKEN_DAYS = 30;
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Local accounts: a long password beats complexity rules (NIST SP 800-63B). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
