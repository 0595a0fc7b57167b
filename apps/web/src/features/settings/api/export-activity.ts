import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export const EXPORT_FAILED = 'Your activity history could not be downloaded. Please try again.';
const FALLBACK_NAME = 'selah-activity-history.json';

/** GET /users/me/export: the user's data as a JSON attachment. */
export const exportActivity = () => api.download('/users/me/export');

/** Downloads the activity history and hands it to the browser as a file. */
export const useExportActivity = () =>
  useMutation({
    mutationFn: async () => {
      const { blob, filename } = await exportActivity();
      const name = filename ?? FALLBACK_NAME;
      saveFile(blob, name);
      return name;
    },
    meta: { toastOnError: false },
  });
