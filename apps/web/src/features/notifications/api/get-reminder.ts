import { ReminderSchema } from '@selah/shared/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const LOAD_REMINDER_ERROR = 'Failed to load your daily reminder. Please try again.';

export const getReminder = (signal?: AbortSignal) =>
  api.get('/notifications/reminder', { schema: ReminderSchema, ...(signal ? { signal } : {}) });

export const reminderQueryKey = ['notifications', 'reminder'] as const;

/** The daily prayer reminder: 'HH:MM' (or none) in the user's time zone. */
export const reminderQueryOptions = () =>
  queryOptions({
    queryKey: reminderQueryKey,
    queryFn: ({ signal }) => getReminder(signal),
    meta: { errorMessage: LOAD_REMINDER_ERROR },
  });

export const useReminder = () => useQuery(reminderQueryOptions());
