import { IDEMPOTENCY_KEY_HEADER } from '@selah/shared/schemas/idempotency';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { buildJournal, buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { createJournal } from './create-journal';
import { api, ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';

type Answer = () => Response;

/** Answers POST /journals with `answers` in turn (the last one repeats); returns the keys seen. */
function journalsAnswering(...answers: Answer[]): (string | null)[] {
  const keys: (string | null)[] = [];
  server.use(
    http.post(`${API}/journals`, ({ request }) => {
      keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
      const answer = answers[Math.min(keys.length, answers.length) - 1];
      if (!answer) throw new Error('no answer');
      return answer();
    }),
  );
  return keys;
}

const created: Answer = () => HttpResponse.json(buildJournal({ title: 'Psalms' }), { status: 201 });
const unavailable: Answer = () =>
  apiError(
    503,
    { code: 'SERVICE_UNAVAILABLE', message: 'Try again shortly.' },
    { headers: { 'Retry-After': '1' } },
  );
/** 128 random bits in hex (made with getRandomValues, which plain http allows). */
const KEY = /^[0-9a-f]{32}$/;

/** Runs `createJournal` as a mutation of the app's own query client (its retry settings). */
function submitJournal(title: string) {
  const client = createQueryClient();
  return client.getMutationCache().build(client, { mutationFn: createJournal }).execute({ title });
}

describe('Idempotency-Key on creates (decision 017)', () => {
  it('sends a fresh random key on a create, and none on other calls', async () => {
    useAuthStore.getState().setSession('tok-1', buildUser());
    const keys = journalsAnswering(created);
    let joinKey: string | null = 'unset';
    server.use(
      http.post(`${API}/journals/j1/join`, ({ request }) => {
        joinKey = request.headers.get(IDEMPOTENCY_KEY_HEADER);
        return HttpResponse.json({ message: 'ok' });
      }),
    );

    await submitJournal('Psalms');
    await api.post('/journals/j1/join');

    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(KEY);
    expect(joinKey).toBeNull();
  });

  it('retries a create that got a 503 after its Retry-After, with the same key', async () => {
    const keys = journalsAnswering(unavailable, created);

    const started = Date.now();
    const journal = await submitJournal('Psalms');

    expect(journal.title).toBe('Psalms');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(KEY);
    expect(keys[1]).toBe(keys[0]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('gives each submission its own key once the previous one succeeded', async () => {
    const keys = journalsAnswering(created);

    await submitJournal('Psalms');
    await submitJournal('Psalms');
    await submitJournal('Proverbs');

    expect(new Set(keys).size).toBe(3);
  });

  it('reuses the key when the user submits again after a lost connection, then moves on', async () => {
    const keys = journalsAnswering(() => HttpResponse.error(), created);
    const client = createQueryClient();
    client.setDefaultOptions({ mutations: { retry: false } });
    const press = () =>
      client
        .getMutationCache()
        .build(client, { mutationFn: createJournal })
        .execute({ title: 'Lost' });

    await expect(press()).rejects.toMatchObject({ status: 0 });
    await press();
    await press();

    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('settles the key on a client error: the next attempt gets a fresh one, and is not retried', async () => {
    const keys = journalsAnswering(() =>
      apiError(403, { code: 'FORBIDDEN', message: 'Journal limit reached.' }),
    );
    const client = createQueryClient();
    const submit = () =>
      client
        .getMutationCache()
        .build(client, { mutationFn: createJournal })
        .execute({ title: 'Over the limit' })
        .catch((error: unknown) => error);

    const first = await submit();
    await submit();

    expect(first).toBeInstanceOf(ApiError);
    expect((first as ApiError).idempotencyKey).toBe(keys[0]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(KEY);
    expect(keys[1]).toMatch(KEY);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
