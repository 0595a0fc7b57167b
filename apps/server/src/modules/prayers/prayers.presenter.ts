import type { Prayer } from '@selah/shared/schemas/prayers';
import type { Rhythm } from '@selah/shared/schemas/practice';
import type { PrayerRow } from '../../db/schema/index.ts';
import type { PrayerWithJournal } from './prayers.repository.ts';

const NO_RHYTHM: Rhythm = {
  kind: 'none',
  days: null,
  dayOfMonth: null,
  until: null,
  snoozeUntil: null,
};

/** The prayer's rhythm as its author set it (the fields of other kinds are null). */
export function presentRhythm(prayer: PrayerRow): Rhythm {
  return {
    kind: prayer.rhythmKind,
    days: prayer.rhythmKind === 'weekly' ? [...(prayer.rhythmDays ?? [])].sort() : null,
    dayOfMonth: prayer.rhythmKind === 'monthly' ? prayer.rhythmDayOfMonth : null,
    until: prayer.rhythmKind === 'until' ? prayer.rhythmUntil : null,
    snoozeUntil: prayer.snoozeUntil,
  };
}

/**
 * A prayer as `viewerId` reads it. Its rhythm, star and due mark are its author's own: anyone
 * else sees no rhythm. `due` is read with the prayer (practice.sql.ts's `prayerDueOn`).
 */
export function presentPrayer(
  row: PrayerWithJournal & { due?: boolean | null },
  testimonies: string[],
  viewerId: string,
): Prayer {
  const { prayer } = row;
  const own = prayer.authorId === viewerId;
  return {
    _id: prayer.id,
    title: prayer.title,
    content: prayer.content,
    category: prayer.category,
    status: prayer.status,
    isPrivate: prayer.isPrivate,
    journal: prayer.journalId,
    journalTitle: row.journalTitle,
    author: prayer.authorId,
    memoryVerse: prayer.memoryVerse ?? null,
    testimonies,
    answeredAt: prayer.answeredAt?.toISOString() ?? null,
    rhythm: own ? presentRhythm(prayer) : NO_RHYTHM,
    urgent: own && prayer.urgent,
    due: own && row.due === true,
    createdAt: prayer.createdAt.toISOString(),
    updatedAt: prayer.updatedAt.toISOString(),
  };
}
