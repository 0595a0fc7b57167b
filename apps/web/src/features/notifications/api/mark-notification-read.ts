import { NotificationSchema } from '@selah/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { replaceAsRead, updateNotifications } from '../utils/notifications-cache';

export const MARK_READ_ERROR = 'Error marking notification as read';

export const markNotificationRead = (id: string) =>
  api.put(`/notifications/${encodeURIComponent(id)}/read`, { schema: NotificationSchema });

/** Unread becomes read (spec-1 §4): the list shows the server's copy, the badge one less. */
export const useMarkNotificationRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'mark-read'],
    mutationFn: markNotificationRead,
    // Callers show their own toasts (spec-1 §8).
    meta: { toastOnError: false },
    onSuccess: (updated) =>
      updateNotifications(queryClient, (data) => replaceAsRead(data, updated)),
  });
};
