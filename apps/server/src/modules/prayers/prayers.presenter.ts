import type { Prayer } from '@selah/shared/schemas/prayers';
import type { PrayerWithJournal } from './prayers.repository.ts';

export function presentPrayer(row: PrayerWithJournal, testimonies: string[]): Prayer {
  const { prayer } = row;
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
    createdAt: prayer.createdAt.toISOString(),
    updatedAt: prayer.updatedAt.toISOString(),
  };
}
