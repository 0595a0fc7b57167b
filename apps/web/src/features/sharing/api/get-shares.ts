import { SharedWithSchema } from '@selah/shared/schemas/friends';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SHARES_KEY, sharedItemPath, type ShareKind } from './share-item';

export const LOAD_SHARES_FAILED = 'Could not load who this is shared with.';

/**
 * Who the owner shared a private journal with, or the author a prayer with:
 * GET /journals/{id}/shares or /prayers/{id}/shares (owner or author only).
 */
export const getShares = (kind: ShareKind, id: string, signal?: AbortSignal) =>
  api.get(`${sharedItemPath(kind, id)}/shares`, {
    schema: SharedWithSchema,
    ...(signal ? { signal } : {}),
  });

export const sharesQueryOptions = (kind: ShareKind, id: string) =>
  queryOptions({
    queryKey: [...SHARES_KEY, kind, id],
    queryFn: ({ signal }) => getShares(kind, id, signal),
    select: (result) => result.data,
    // The share dialog shows its own error state, with a retry.
    meta: { toastOnError: false },
  });

export const useShares = (kind: ShareKind, id: string, { enabled = true } = {}) =>
  useQuery({ ...sharesQueryOptions(kind, id), enabled });
