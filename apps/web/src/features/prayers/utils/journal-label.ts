import type { Prayer } from '@selah/shared/schemas/prayers';

/** What a prayer shared with the viewer, in a journal they may not read, says instead of it. */
export const SHARED_WITH_YOU = 'Shared with you';

/** The prayer's journal title, or 'Shared with you' when the viewer may not read the journal. */
export function prayerJournalLabel(prayer: Pick<Prayer, 'journalTitle'>): string {
  return prayer.journalTitle ?? SHARED_WITH_YOU;
}
