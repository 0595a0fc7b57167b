import { CalendarDateSchema } from '@selah/shared/schemas/common';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { isUuid } from '../../lib/uuid.ts';

/** What a digest's action token grants: acting on the user's due items (issue 20 §2). */
export interface DigestClaims {
  userId: string;
  /** The user's local date the digest was sent for. */
  day: string;
}

const AUDIENCE = 'selah-digest-action';
const TOKEN_TYPE = 'digest-action';

/**
 * The capability a daily digest's Web Push carries, so its "I prayed" and "Snooze" actions work
 * from the service worker, which has no session: an HMAC (HS256, the server's signing secret,
 * as the session tokens) over the user's id, their local day and an expiry (the end of their
 * next local day). Its own audience and type: it is never a session token, nor the reverse.
 */
export class DigestTokens {
  private readonly key: Uint8Array;
  private readonly issuer: string;

  constructor(secret: string, issuer: string) {
    this.key = new TextEncoder().encode(secret);
    this.issuer = issuer;
  }

  async sign(claims: DigestClaims, expiresAt: Date, now: Date): Promise<string> {
    return new SignJWT({ day: claims.day, typ: TOKEN_TYPE })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a valid token; 'expired' for a genuine one past its expiry; else null. */
  async verify(token: string, now: Date): Promise<DigestClaims | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        audience: AUDIENCE,
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      // The user's id reaches SQL as a uuid, the day as a date: anything else is no token.
      if (
        payload.typ !== TOKEN_TYPE ||
        !isUuid(payload.sub) ||
        !CalendarDateSchema.safeParse(payload.day).success
      )
        return null;
      return { userId: payload.sub, day: payload.day as string };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return 'expired';
      return null;
    }
  }
}
