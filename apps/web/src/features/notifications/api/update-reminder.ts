import { ReminderSchema } from '@selah/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reminderQueryKey } from './get-reminder';

export const SAVE_REMINDER_ERROR = 'Failed to save your reminder time. Please try again.';

/** Sets the daily reminder ('HH:MM' in the user's time zone) or turns it off (null). */
export const updateReminder = (time: string | null) =>
  api.put('/notifications/reminder', { body: { time }, schema: ReminderSchema });

export const useUpdateReminder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminder,
    meta: { toastOnError: false },
    onSuccess: (saved) => queryClient.setQueryData(reminderQueryKey, saved),
  });
};
