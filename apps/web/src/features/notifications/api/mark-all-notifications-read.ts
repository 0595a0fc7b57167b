import { MessageSchema } from '@selah/shared/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { allRead, updateNotifications } from '../utils/notifications-cache';

export const MARK_ALL_READ_ERROR = 'Failed to mark all notifications as read.';

/** PUT /notifications/read-all answers with a message and how many it changed. */
const MarkAllReadResultSchema = MessageSchema.extend({ updated: z.number().int() });

export const markAllNotificationsRead = () =>
  api.put('/notifications/read-all', { schema: MarkAllReadResultSchema });

/** 'Mark all read': every notification read and the badge cleared. */
export const useMarkAllNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'mark-all-read'],
    mutationFn: markAllNotificationsRead,
    meta: { toastOnError: false },
    onSuccess: () => updateNotifications(queryClient, allRead),
  });
};
