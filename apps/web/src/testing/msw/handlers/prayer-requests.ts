import {
  PrayerRequestPageSchema,
  PrayerRequestUpdatePageSchema,
} from '@selah/shared/schemas/prayer-requests';
import { http, HttpResponse } from 'msw';
import { API, apiError } from './auth';

/**
 * Default answers of the prayer requests API for a user without requests; tests seed data with
 * `server.use(...)`.
 */
export const prayerRequestHandlers = [
  http.get(`${API}/prayer-requests`, () =>
    HttpResponse.json(PrayerRequestPageSchema.parse({ data: [], nextCursor: null })),
  ),
  http.get(`${API}/prayer-requests/:id/updates`, () =>
    HttpResponse.json(PrayerRequestUpdatePageSchema.parse({ data: [], nextCursor: null })),
  ),
  http.get(`${API}/prayer-requests/:id`, () =>
    apiError(404, { code: 'NOT_FOUND', message: 'Prayer request not found.' }),
  ),
];
