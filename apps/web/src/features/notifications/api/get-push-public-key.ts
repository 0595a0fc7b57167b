import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /push/public-key: the server's VAPID key, base64url (no shared contract exists yet). */
export const PushPublicKeySchema = z.object({ publicKey: z.string().min(1) });

export const getPushPublicKey = (signal?: AbortSignal) =>
  api.get('/push/public-key', {
    schema: PushPublicKeySchema,
    auth: false,
    ...(signal ? { signal } : {}),
  });

/** The key changes only when the server's operator rotates it. */
export const pushPublicKeyQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'push-public-key'],
    queryFn: ({ signal }) => getPushPublicKey(signal),
    select: (result) => result.publicKey,
    staleTime: Infinity,
  });
