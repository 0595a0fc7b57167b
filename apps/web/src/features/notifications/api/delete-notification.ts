import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateNotifications, withoutNotification } from '../utils/notifications-cache';

export const DELETE_NOTIFICATION_ERROR = 'Error deleting notification';

export const deleteNotification = (id: string) =>
  api.delete(`/notifications/${encodeURIComponent(id)}`);

/** Removes a notification (spec-1 §4) from the list and, if it was unread, from the badge. */
export const useDeleteNotification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'delete'],
    mutationFn: deleteNotification,
    // Callers show their own toasts (spec-1 §8).
    meta: { toastOnError: false },
    onSuccess: (_result, id) =>
      updateNotifications(queryClient, (data) => withoutNotification(data, id)),
  });
};
