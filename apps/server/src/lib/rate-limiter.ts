import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimited } from './app-error.ts';

export interface LimitRule {
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * A fixed-window limiter shared through Redis when configured, with an in-process limiter as
 * insurance: when Redis is down, limits still hold per process (they protect sign-in).
 */
export class Limiter {
  private readonly limiter: RateLimiterMemory | RateLimiterRedis;
  readonly rule: LimitRule;

  constructor(rule: LimitRule, redis?: Redis) {
    this.rule = rule;
    const base = {
      keyPrefix: `rl:${rule.name}`,
      points: rule.points,
      duration: rule.durationSeconds,
    };
    const memory = new RateLimiterMemory(base);
    this.limiter = redis
      ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: memory })
      : memory;
  }

  /**
   * Counts one hit for `key`.
   * @throws AppError RATE_LIMITED with Retry-After when the key is over its limit.
   */
  async consume(key: string, message?: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw rateLimited(error.msBeforeNext / 1000, message);
      throw error;
    }
  }

  /**
   * Throws as `consume` would, without counting a hit. A window that has run out never limits,
   * even while the store still holds it (the in-process store drops keys on a timer).
   */
  async check(key: string, message?: string): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.msBeforeNext > 0 && res.consumedPoints >= this.rule.points) {
      throw rateLimited(res.msBeforeNext / 1000, message);
    }
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** The limits of the sign-in paths (issue 2; ASVS 6.3.1 anchors). */
export const AUTH_LIMITS = {
  loginPerIp: { name: 'login-ip', points: 25, durationSeconds: 5 * 60 },
  loginPerAccount: { name: 'login-account', points: 25, durationSeconds: 60 * 60 },
  registerPerIp: { name: 'register-ip', points: 10, durationSeconds: 30 * 60 },
  resetPerIp: { name: 'reset-ip', points: 20, durationSeconds: 30 * 60 },
  resetPerAccount: { name: 'reset-account', points: 5, durationSeconds: 30 * 60 },
  exchangePerIp: { name: 'exchange-ip', points: 30, durationSeconds: 5 * 60 },
  /** Verification links sent again on request ("Resend link"), per account. */
  verifyPerAccount: { name: 'verify-account', points: 3, durationSeconds: 60 * 60 },
  /** Verification links opened (each a token lookup), per address. */
  verifyPerIp: { name: 'verify-ip', points: 30, durationSeconds: 30 * 60 },
} as const satisfies Record<string, LimitRule>;

/**
 * Wrong passwords when confirming a sensitive change (e-mail, account deletion), per account:
 * the same budget as failed sign-ins, so a stolen session cannot guess the password.
 */
export const PASSWORD_CHECK_LIMIT = {
  name: 'password-check',
  points: 25,
  durationSeconds: 60 * 60,
} as const satisfies LimitRule;
