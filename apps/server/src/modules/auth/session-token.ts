import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

const AUDIENCE = 'selah-api';
const TOKEN_TYPE = 'access';

/** Signs and verifies the bearer tokens; each names its server-side session row. */
export class SessionTokens {
  private readonly key: Uint8Array;

  private readonly issuer: string;

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
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        audience: AUDIENCE,
        clockTolerance: 30,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (payload.typ !== TOKEN_TYPE || typeof payload.sid !== 'string' || !payload.sub)
        return null;
      return { userId: payload.sub, sessionId: payload.sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
