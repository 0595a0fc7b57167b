import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { isUuid } from '../../lib/uuid.ts';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

const AUDIENCE = 'selah-api';
const TOKEN_TYPE = 'access';
const CLOCK_TOLERANCE_SECONDS = 30;
/** Verified tokens remembered (oldest dropped first); each entry is a few hundred bytes. */
const VERIFIED_CACHE_MAX = 10_000;

/** Signs and verifies the bearer tokens; each names its server-side session row. */
export class SessionTokens {
  private readonly key: Uint8Array;

  private readonly issuer: string;

  /**
   * Tokens whose signature and claims were verified, with their expiry (seconds). Checking the
   * HMAC through WebCrypto was a tenth of the server's CPU on simple routes; a token string
   * that verified once verifies again until it expires, so only the expiry is checked again.
   * Only valid tokens are stored, so garbage tokens cannot fill it. The session row is still
   * read on every request (auth.service), so logout and revocation take effect at once.
   */
  private readonly verified = new Map<string, { claims: SessionClaims; exp: number }>();

  constructor(secret: string, issuer: string) {
    this.issuer = issuer;
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, typ: TOKEN_TYPE })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** Returns the claims of a valid token, or null for any invalid, expired or foreign token. */
  async verify(token: string, now: number = Date.now()): Promise<SessionClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      // The rule jose applies: expired once exp <= now - tolerance (whole seconds).
      if (known.exp > Math.floor(now / 1000) - CLOCK_TOLERANCE_SECONDS) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        audience: AUDIENCE,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
        currentDate: new Date(now),
      });
      // Both claims reach SQL as uuids: a token naming anything else is no session (401).
      if (payload.typ !== TOKEN_TYPE || !isUuid(payload.sid) || !isUuid(payload.sub)) return null;
      const claims = { userId: payload.sub, sessionId: payload.sid };
      if (this.verified.size >= VERIFIED_CACHE_MAX) {
        this.verified.delete(this.verified.keys().next().value!);
      }
      this.verified.set(token, { claims, exp: payload.exp! });
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
