import { type PrayedInput, PrayerEventSchema } from '@selah/shared/schemas/practice';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { api } from '@/lib/api-client';

export interface PrayedTarget {
  kind: 'prayer' | 'request';
  id: string;
}

/**
 * Records a Prayed (issue 20 §4) on a prayer or a prayer request the user may read: today, or a
 * late entry (`day`, at most 7 days back). The one way the app records one: the Prayed buttons
 * (on cards, dialogs and the prayer page, composed there by the route modules), the session and
 * the rhythm view's late entry.
 */
export const recordPrayed = ({ kind, id, ...body }: PrayedTarget & NonNullable<PrayedInput>) =>
  api.post(
    `/${kind === 'prayer' ? 'prayers' : 'prayer-requests'}/${encodeURIComponent(id)}/prayed`,
    {
      body,
      schema: PrayerEventSchema,
    },
  );

/**
 * `recordPrayed` as a mutation. Afterwards the user's statistics (streak, rhythm view) are
 * stale, and so is what shows the prayed thing: a prayer's log and summary, or a request's detail
 * and lists (a 'once' commitment ends, the week's count grows). Errors are the caller's to show.
 *
 * One Prayed at a time (issue 29 §5: a double tap recorded two): `mutate` does nothing while one
 * is being recorded, from the first tap on (`isPending` only shows after a render, too late for
 * a second tap 17 ms later); buttons disable on `isPending`. The server also answers an identical
 * Prayed within a minute with the first.
 */
export const useRecordPrayed = () => {
  const queryClient = useQueryClient();
  const recording = useRef(false);
  const mutation = useMutation({
    mutationFn: recordPrayed,
    meta: { toastOnError: false },
    onSettled: () => {
      recording.current = false;
    },
    onSuccess: (event) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['stats'] }),
        ...(event.kind === 'prayer'
          ? [
              queryClient.invalidateQueries({ queryKey: ['prayers', 'log', event.targetId] }),
              queryClient.invalidateQueries({ queryKey: ['prayers', 'summary'] }),
            ]
          : [
              queryClient.invalidateQueries({
                queryKey: ['prayer-requests', 'detail', event.targetId],
              }),
              queryClient.invalidateQueries({ queryKey: ['prayer-requests', 'list'] }),
            ]),
      ]),
  });
  const { mutate: record } = mutation;
  const mutate = useCallback<typeof record>(
    (variables, options) => {
      if (recording.current) return;
      recording.current = true;
      record(variables, options);
    },
    [record],
  );
  return { ...mutation, mutate };
};
