import { PrayerPageSchema, type Prayer } from '@selah/shared/schemas/prayers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const PAGE_SIZE = 100;
/** As many prayers as the PDF export takes (docs/decisions/011), newest first. */
export const PRINT_MAX_PRAYERS = 5000;

export interface PrintPrayers {
  prayers: Prayer[];
  /** True when the journal has more prayers than one printout takes. */
  truncated: boolean;
}

/** Every prayer of a journal the viewer may see, page by page (answered ones only if asked). */
export async function getPrintPrayers(
  journalId: string,
  answered: boolean,
  signal?: AbortSignal,
): Promise<PrintPrayers> {
  const prayers: Prayer[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await api.get('/prayers', {
      query: {
        journal: journalId,
        status: answered ? 'all' : 'pending',
        cursor,
        limit: PAGE_SIZE,
      },
      schema: PrayerPageSchema,
      ...(signal ? { signal } : {}),
    });
    prayers.push(...page.data);
    if (!page.nextCursor) return { prayers, truncated: false };
    if (prayers.length >= PRINT_MAX_PRAYERS) {
      return { prayers: prayers.slice(0, PRINT_MAX_PRAYERS), truncated: true };
    }
    cursor = page.nextCursor;
  }
}

export const printPrayersQueryOptions = (journalId: string, answered: boolean) =>
  queryOptions({
    queryKey: ['prayers', 'print', journalId, { answered }],
    queryFn: ({ signal }) => getPrintPrayers(journalId, answered, signal),
    meta: { toastOnError: false },
  });

export const usePrintPrayers = (
  journalId: string,
  answered: boolean,
  { enabled = true }: { enabled?: boolean } = {},
) => useQuery({ ...printPrayersQueryOptions(journalId, answered), enabled });
