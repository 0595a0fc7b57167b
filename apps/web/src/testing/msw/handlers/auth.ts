import { ApiErrorSchema, type ApiErrorBody } from '@selah/shared/errors';
import {
  AuthProvidersSchema,
  AuthResponseSchema,
  RegisterResponseSchema,
  UserSchema,
} from '@selah/shared/schemas/auth';
import { MessageSchema } from '@selah/shared/schemas/common';
import { http, HttpResponse } from 'msw';
import { buildUser } from '../../factories';

export const API = 'http://localhost:3000/api';

/** An error body in the server's envelope. */
export function apiError(
  status: number,
  body: Omit<ApiErrorBody, 'requestId'>,
  init?: ResponseInit,
) {
  return HttpResponse.json(ApiErrorSchema.parse({ requestId: 'req-test', ...body }), {
    ...init,
    status,
  });
}

/** Default answers of the auth API; tests override them with `server.use(...)`. */
export const authHandlers = [
  http.get(`${API}/auth/providers`, () =>
    HttpResponse.json(AuthProvidersSchema.parse({ google: true })),
  ),
  http.get(`${API}/auth/me`, ({ request }) => {
    if (!request.headers.get('Authorization')?.startsWith('Bearer ')) {
      return apiError(401, { code: 'UNAUTHENTICATED', message: 'Please sign in.' });
    }
    return HttpResponse.json(UserSchema.parse(buildUser({ email: 'jane@example.com' })));
  }),
  http.post(`${API}/auth/login`, () =>
    HttpResponse.json(
      AuthResponseSchema.parse({
        token: 'session-token',
        user: buildUser({ email: 'jane@example.com' }),
      }),
    ),
  ),
  http.post(`${API}/auth/register`, () =>
    HttpResponse.json(
      RegisterResponseSchema.parse({
        message: 'Account created. Please sign in.',
        user: buildUser(),
      }),
      { status: 201 },
    ),
  ),
  http.post(`${API}/auth/logout`, () => new HttpResponse(null, { status: 204 })),
  http.post(`${API}/auth/forgot-password`, () =>
    HttpResponse.json(
      MessageSchema.parse({
        message: "If an account exists for that address, we've sent a link to reset your password.",
      }),
    ),
  ),
  http.post(`${API}/auth/reset-password`, () =>
    HttpResponse.json(
      MessageSchema.parse({ message: 'Your password has been changed. Please sign in.' }),
    ),
  ),
];
