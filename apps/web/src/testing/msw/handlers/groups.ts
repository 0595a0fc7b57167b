import { GroupListSchema } from '@selah/shared/schemas/groups';
import { PrayerPageSchema } from '@selah/shared/schemas/prayers';
import { http, HttpResponse } from 'msw';
import { API, apiError } from './auth';

/**
 * Default answers of the prayer groups API for a user who sees no groups; tests seed data with
 * `server.use(...)`.
 */
export const groupHandlers = [
  http.get(`${API}/prayer-groups`, () =>
    HttpResponse.json(GroupListSchema.parse({ data: [], nextCursor: null })),
  ),
  http.get(`${API}/prayer-groups/:id`, () =>
    apiError(404, { code: 'NOT_FOUND', message: 'Prayer group not found.' }),
  ),
  http.get(`${API}/prayer-groups/:id/prayers`, () =>
    HttpResponse.json(PrayerPageSchema.parse({ data: [], nextCursor: null })),
  ),
];
