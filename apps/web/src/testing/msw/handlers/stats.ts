import { DailyInspirationSchema } from '@selah/shared/schemas/stats';
import { http, HttpResponse } from 'msw';
import { buildDashboardStats, buildRhythm } from '../../factories';
import { API } from './auth';

/** Default answers of the dashboard statistics API for a user without prayers. */
export const statsHandlers = [
  http.get(`${API}/stats`, () => HttpResponse.json(buildDashboardStats())),
  http.get(`${API}/stats/rhythm`, () => HttpResponse.json(buildRhythm())),
  http.get(`${API}/stats/daily`, () =>
    HttpResponse.json(
      DailyInspirationSchema.parse({
        memoryVerse: {
          verse: 'Be still, and know that I am God.',
          reference: 'Psalm 46:10',
          source: 'scripture',
        },
        inspiration: {
          quote: 'Prayer is the key of the morning and the bolt of the evening.',
          author: 'Matthew Henry',
        },
      }),
    ),
  ),
];
