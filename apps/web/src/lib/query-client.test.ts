import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetry } from './query-client';

const apiError = (status: number) => new ApiError({ status, code: 'INTERNAL', message: 'x' });

describe('query client', () => {
  it('keeps unused data for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.gcTime).toBe(5 * 60 * 1000);
  });

  it('retries failed reads 3 times, but never client errors', () => {
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(2, new TypeError('network'))).toBe(true);
    expect(shouldRetry(3, apiError(500))).toBe(false);
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetry(0, apiError(status))).toBe(false);
    }
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});
