import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay, shouldRetry, shouldRetryMutation } from './query-client';

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
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => retryDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it("waits a 503's Retry-After instead, at most 10 s", () => {
    const shed = (retryAfter: number) =>
      new ApiError({ status: 503, code: 'SERVICE_UNAVAILABLE', message: 'x', retryAfter });
    expect(retryDelay(0, shed(2))).toBe(2000);
    expect(retryDelay(3, shed(2))).toBe(2000);
    expect(retryDelay(0, shed(120))).toBe(10_000);
    expect(retryDelay(2, apiError(503))).toBe(4000);
  });

  it('retries only mutations that carried an Idempotency-Key, never on client errors', () => {
    const keyed = (status: number) =>
      new ApiError({ status, code: 'INTERNAL', message: 'x', idempotencyKey: 'k' });
    expect(shouldRetryMutation(0, keyed(0))).toBe(true);
    expect(shouldRetryMutation(0, keyed(503))).toBe(true);
    expect(shouldRetryMutation(3, keyed(503))).toBe(false);
    expect(shouldRetryMutation(0, keyed(409))).toBe(false);
    expect(shouldRetryMutation(0, apiError(503))).toBe(false);
    expect(shouldRetryMutation(0, new TypeError('network'))).toBe(false);
  });
});

describe('query client error toasts', () => {
  it('toasts a failed background refetch once data is on screen, unless told not to', async () => {
    const { toast } = await import('./toast');
    const spy = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    const client = createQueryClient();
    client.setDefaultOptions({ queries: { retry: false } });
    const failing = () => Promise.reject(apiError(503));

    client.setQueryData(['shown'], 1);
    await client.fetchQuery({ queryKey: ['shown'], queryFn: failing }).catch(() => undefined);
    expect(spy).toHaveBeenCalledTimes(1);

    client.setQueryData(['quiet'], 1);
    await client
      .fetchQuery({ queryKey: ['quiet'], queryFn: failing, meta: { toastOnError: false } })
      .catch(() => undefined);
    await client.fetchQuery({ queryKey: ['first-load'], queryFn: failing }).catch(() => undefined);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('toasts failed mutations unless the caller shows its own message', async () => {
    const { toast } = await import('./toast');
    const spy = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
    const client = createQueryClient();
    const run = (meta?: { toastOnError: boolean }) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: () => Promise.reject(apiError(409)),
          ...(meta ? { meta } : {}),
        })
        .execute(undefined)
        .catch(() => undefined);

    await run();
    await run({ toastOnError: false });

    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith('Error', { description: 'x' });
  });
});
