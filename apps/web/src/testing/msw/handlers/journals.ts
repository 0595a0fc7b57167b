import { SharedWithSchema } from '@selah/shared/schemas/friends';
import {
  DiscoverOverviewSchema,
  JournalListSchema,
  JournalPageSchema,
} from '@selah/shared/schemas/journals';
import { http, HttpResponse } from 'msw';
import { API, apiError } from './auth';

/**
 * Default answers of the journals API for a user without journals; tests seed data with
 * `server.use(...)`.
 */
export const journalHandlers = [
  http.get(`${API}/journals/get`, () => HttpResponse.json(JournalListSchema.parse([]))),
  http.get(`${API}/journals/public`, () =>
    HttpResponse.json(JournalPageSchema.parse({ data: [], nextCursor: null })),
  ),
  http.get(`${API}/journals/discover`, () =>
    HttpResponse.json(DiscoverOverviewSchema.parse({ categories: [], featured: null })),
  ),
  http.get(`${API}/journals/:id/shares`, () =>
    HttpResponse.json(SharedWithSchema.parse({ data: [] })),
  ),
  http.get(`${API}/journals/:id`, () =>
    apiError(404, { code: 'NOT_FOUND', message: 'Journal not found.' }),
  ),
];
