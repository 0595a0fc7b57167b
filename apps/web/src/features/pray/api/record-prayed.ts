import type { SessionItem } from '@selah/shared/schemas/pray';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Records a Prayed from the session: a prayer event on the prayer or the friend's request. */
export const recordPrayed = (item: Pick<SessionItem, 'kind' | 'id'>) =>
  api.post(
    `/${item.kind === 'prayer' ? 'prayers' : 'prayer-requests'}/${encodeURIComponent(item.id)}/prayed`,
    { body: { source: 'session' } },
  );

export const useRecordPrayed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPrayed,
    meta: { errorTitle: 'Not recorded', errorMessage: 'Your prayer could not be recorded.' },
    // The streak and counts change with it.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['stats'] }),
  });
};
