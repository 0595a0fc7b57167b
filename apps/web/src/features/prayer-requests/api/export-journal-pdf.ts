import type { ExportQuery } from '@selah/shared/schemas/exports';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

const FALLBACK_NAME = 'selah-journal.pdf';

export interface ExportJournalInput extends ExportQuery {
  journalId: string;
}

/** GET /journals/{id}/export.pdf: the journal as a PDF attachment (owner; Premium or Ministry). */
export const exportJournalPdf = ({ journalId, answered, verses, notes }: ExportJournalInput) =>
  api.download(`/journals/${encodeURIComponent(journalId)}/export.pdf`, {
    query: { answered, verses, notes },
  });

/** Downloads the PDF and hands it to the browser as a file; resolves with its name. */
export const useExportJournalPdf = () =>
  useMutation({
    mutationFn: async (input: ExportJournalInput) => {
      const { blob, filename } = await exportJournalPdf(input);
      const name = filename ?? FALLBACK_NAME;
      saveFile(blob, name);
      return name;
    },
    // The dialog shows the plan limit inline and its own toasts.
    meta: { toastOnError: false },
  });
