import { z } from 'zod';

/** The request header that makes a creating POST safe to retry (decision 017). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** 1-255 printable ASCII characters; a UUID per create action is the usual choice. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x20-\x7E]{1,255}$/, {
    error: 'Idempotency-Key must be 1-255 printable ASCII characters.',
  })
  .meta({
    description:
      'Optional. A unique key per create action (e.g. a UUID). Retrying with the same key and ' +
      'the same body replays the first answer without creating anything again; the same key ' +
      'with another body answers 409. Keys are per user and expire after 24 hours.',
  });

/** Route `headers` schema for creating endpoints (other headers pass through untouched). */
export const IdempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional(),
});
