import { UserSchema } from '@selah/shared/schemas/auth';
import { AppearanceInputSchema, PrivacyInputSchema } from '@selah/shared/schemas/settings';
import { MessageSchema } from '@selah/shared/schemas/common';
import { http, HttpResponse } from 'msw';
import { buildUser } from '../../factories';
import { buildSettings } from '../../settings-factories';
import { API } from './auth';

/**
 * Default answers of the account API (/users/me/...) for a user who never changed a setting;
 * the updates answer with what was sent. Tests override them with `server.use(...)`.
 */
export const settingsHandlers = [
  http.get(`${API}/users/me/settings`, () => HttpResponse.json(buildSettings())),
  http.put(`${API}/users/me/privacy`, async ({ request }) =>
    HttpResponse.json(buildSettings({ privacy: PrivacyInputSchema.parse(await request.json()) })),
  ),
  http.put(`${API}/users/me/appearance`, async ({ request }) =>
    HttpResponse.json(
      buildSettings({ appearance: AppearanceInputSchema.parse(await request.json()) }),
    ),
  ),
  http.delete(`${API}/users/me/avatar`, () =>
    HttpResponse.json(UserSchema.parse(buildUser({ profilePicture: null }))),
  ),
  http.post(`${API}/users/me/clear`, () =>
    HttpResponse.json(
      MessageSchema.parse({
        message: 'Your journals, prayers and prayer requests have been removed.',
      }),
    ),
  ),
  http.delete(`${API}/users/me`, () => new HttpResponse(null, { status: 204 })),
];
