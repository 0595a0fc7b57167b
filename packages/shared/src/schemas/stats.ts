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
  prayersThisMonth: z.number().int(),
  recentTestimonies: z.array(TestimonyItemSchema),
  timeZone: z.string(),
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
