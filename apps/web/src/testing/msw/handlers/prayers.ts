import { SharedWithSchema } from '@selah/shared/schemas/friends';
import { PrayerPageSchema } from '@selah/shared/schemas/prayers';
import { http, HttpResponse } from 'msw';
import { buildPrayerLog, buildPrayerSummary } from '../../factories';
import { API, apiError } from './auth';

/**
 * Default answers of the prayers API for a user without prayers; tests seed data with
 * `server.use(...)`.
 */
export const prayerHandlers = [
  http.get(`${API}/prayers/user/summary`, () => HttpResponse.json(buildPrayerSummary())),
  http.get(`${API}/prayers/user`, () =>
    HttpResponse.json(PrayerPageSchema.parse({ data: [], nextCursor: null })),
  ),
  http.get(`${API}/prayers`, () =>
    HttpResponse.json(PrayerPageSchema.parse({ data: [], nextCursor: null })),
  ),
  // No private prayers unless a test says so (issue 29 §2).
  http.get(`${API}/prayers/private`, () => HttpResponse.json({ total: 0, data: [] })),
  http.get(`${API}/prayers/:id/log`, () => HttpResponse.json(buildPrayerLog())),
  http.get(`${API}/prayers/:id/shares`, () =>
    HttpResponse.json(SharedWithSchema.parse({ data: [] })),
  ),
  http.get(`${API}/prayers/:id`, () =>
    apiError(404, { code: 'NOT_FOUND', message: 'Prayer not found.' }),
  ),
];
