import { ACCESS_TOKEN_SECONDS } from '@impact/domain';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'impact-calls';
const AUDIENCE = 'impact-calls-api';

export type AccessClaims = { userId: string; email: string; roles: string[] };

/**
 * Our own short-lived access tokens (HS256). Whatever provider signed the user in, the API
 * only ever trusts these; a stolen one is useful for 15 minutes at most.
 */
export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(`access-token:${secret}`);
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ email: claims.email, roles: claims.roles })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || !Array.isArray(payload.roles)) {
        return null;
      }
      return { userId: payload.sub, email: payload.email, roles: payload.roles.map(String) };
    } catch {
      return null;
    }
  }
}
