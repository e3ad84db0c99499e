import { webcrypto } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS } from '@impact/domain';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'impact-calls';
const AUDIENCE = 'impact-calls-api';

/** `sessionId` is the refresh-token family the token was issued for: logout revokes it. */
export type AccessClaims = { userId: string; email: string; roles: string[]; sessionId: string };

/** Answers whether a session was signed out; the default (signing only) never revokes. */
export type SessionCheck = (sessionId: string) => Promise<boolean>;

/**
 * Our own short-lived access tokens (HS256). Whatever provider signed the user in, the API
 * only ever trusts these; a stolen one is useful for 15 minutes at most, and not at all once
 * its session has logged out.
 */
export class AccessTokens {
  /**
   * The HMAC key, imported once: given raw bytes, jose imports a WebCrypto key on every sign and
   * verify (a tenth of a signed request's CPU under load, issue 16).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    private readonly isRevoked: SessionCheck = async () => false,
  ) {
    const raw = new TextEncoder().encode(`access-token:${secret}`);
    this.key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ email: claims.email, roles: claims.roles, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(await this.key);
  }

  /** The claims of a complete, valid, unexpired token of a live session; null for anything else. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        // A token without an expiry would be valid forever: every claim we rely on must be there.
        requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub', 'sid'],
        maxTokenAge: `${ACCESS_TOKEN_SECONDS + 60}s`,
      });
      const { sub, email, roles, sid } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string' || !Array.isArray(roles) || typeof sid !== 'string') {
        return null;
      }
      if (await this.isRevoked(sid)) return null;
      return { userId: sub, email, roles: roles.map(String), sessionId: sid };
    } catch {
      return null;
    }
  }
}
