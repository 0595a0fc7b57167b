import { z } from 'zod';

export const TestimonyItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  dateAnswered: z.string(),
  prayedFor: z.number().int(),
  timeUnit: z.string(),
});
export type TestimonyItem = z.infer<typeof TestimonyItemSchema>;

export const DashboardStatsSchema = z.object({
  totalPrayers: z.number().int(),
  activePrayers: z.number().int(),
  prayerStreak: z.number().int(),
  answeredPrayers: z.number().int(),
  prayersToday: z.number().int(),
  prayersThisWeek: z.number().int(),
  /** Null when the month reaches beyond the plan's statistics window. */
  prayersThisMonth: z.number().int().nullable(),
  /** Only testimonies answered inside the statistics window. */
  recentTestimonies: z.array(TestimonyItemSchema),
  timeZone: z.string(),
  /**
   * The plan's statistics window in days (Free: 7; the streak counts at most this many days);
   * null means unlimited (docs/decisions/027).
   */
  statsWindowDays: z.number().int().nullable(),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const DailyInspirationSchema = z.object({
  memoryVerse: z.object({
    verse: z.string(),
    reference: z.string(),
    source: z.enum(['yours', 'scripture']),
  }),
  inspiration: z.object({ quote: z.string(), author: z.string() }),
});
export type DailyInspiration = z.infer<typeof DailyInspirationSchema>;
