import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh 256-bit URL-safe secret. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** What is stored in place of a secret: its SHA-256, hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
