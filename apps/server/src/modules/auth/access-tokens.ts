import { webcrypto } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS, ZId } from '@impact/domain';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

const ISSUER = 'impact-calls';
const AUDIENCE = 'impact-calls-api';

/** `sessionId` is the refresh-token family the token was issued for: logout revokes it. */
export type AccessClaims = { userId: string; email: string; roles: string[]; sessionId: string };

/** Tokens verified and remembered at most; the least recently used go first. */
export const MAX_VERIFIED = 10_000;

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
   * verify (a tenth of a signed request's CPU under load).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Claims of tokens whose signature and claims were checked, by the token's exact text, one
   * cache per app instance (verifying was a tenth of a list request's CPU;
   * docs/decisions/0013-sessions-and-revocation.md).
   * Invariant: an entry lives until the token's own expiry (the earlier of `exp` and its maximum
   * age), at most MAX_VERIFIED of them: the same text verifies the same way until then, so it
   * cannot go stale. The session's revocation is still asked on every use.
   */
  private readonly verified = new LRUCache<string, AccessClaims>({ max: MAX_VERIFIED, ttl: 1 });
  constructor(
    secret: string,
    private readonly isRevoked: SessionCheck = async () => false,
    /** The revocation answer already known, if any (SessionRevocations.knownAnswer). */
    private readonly knownRevocation: (sessionId: string) => boolean | undefined = () => undefined,
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

  /**
   * What verify would answer, when it can be said without waiting: a token already verified whose
   * session's state is still known. undefined means "ask verify".
   */
  verifyKnown(token: string): AccessClaims | null | undefined {
    const claims = this.verified.get(token);
    if (!claims) return undefined;
    const revoked = this.knownRevocation(claims.sessionId);
    return revoked === undefined ? undefined : revoked ? null : claims;
  }

  /**
   * The claims of a complete, valid, unexpired token of a live session; null for anything else.
   * `beforeRevocationCheck` sees a valid token's claims just before its session is asked about, so
   * a question of the same request can join that query (caller-lookups.ts); its answer must not be
   * trusted unless this one resolves to the claims.
   */
  async verify(token: string, beforeRevocationCheck?: (claims: AccessClaims) => void): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) return this.unlessRevoked(known, beforeRevocationCheck);
    let checked: { claims: AccessClaims; exp?: number; iat?: number };
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
      // The ids go into statements other requests share (caller-lookups.ts): only uuids pass.
      const ids =
        typeof sub === 'string' && typeof sid === 'string' && ZId.safeParse(sub).success && ZId.safeParse(sid).success;
      if (!ids || typeof email !== 'string' || !Array.isArray(roles)) return null;
      checked = {
        claims: { userId: sub, email, roles: roles.map(String), sessionId: sid },
        exp: payload.exp,
        iat: payload.iat,
      };
    } catch {
      return null;
    }
    // Outside the try: a database that cannot say whether the session was revoked is an outage
    // (503, try again), not a bad token; a 401 would sign the applicant out, near a deadline too.
    const claims = await this.unlessRevoked(checked.claims, beforeRevocationCheck);
    if (claims) this.remember(token, claims, checked.exp, checked.iat);
    return claims;
  }

  /** The claims if their session is live; `beforeRevocationCheck` is told only when the database must be asked. */
  private async unlessRevoked(claims: AccessClaims, beforeRevocationCheck?: (claims: AccessClaims) => void) {
    const known = this.knownRevocation(claims.sessionId);
    if (known === undefined) beforeRevocationCheck?.(claims);
    const revoked = known ?? (await this.isRevoked(claims.sessionId));
    return revoked ? null : claims;
  }

  /** Until the earlier of its expiry and its maximum age (both already checked present). */
  private remember(token: string, claims: AccessClaims, exp?: number, iat?: number) {
    if (exp === undefined || iat === undefined) return;
    const ttl = Math.min(exp, iat + ACCESS_TOKEN_SECONDS + 60) * 1000 - Date.now();
    if (ttl > 0) this.verified.set(token, claims, { ttl });
  }
}
