import {
  FriendListSchema,
  FriendRequestListSchema,
  InviteLinkSchema,
  InviteLinkStateSchema,
  SuggestionListSchema,
  UserSearchListSchema,
} from '@selah/shared/schemas/friends';
import { http, HttpResponse } from 'msw';
import { API } from './auth';

export const TEST_INVITE_LINK = 'http://localhost:3000/signup?invite=test-invite-code';

/**
 * Default answers of the friends API for a user without friends; tests seed data with
 * `server.use(...)`.
 */
export const friendHandlers = [
  http.get(`${API}/friends`, () => HttpResponse.json(FriendListSchema.parse({ data: [] }))),
  http.get(`${API}/friends/requests`, () =>
    HttpResponse.json(FriendRequestListSchema.parse({ data: [] })),
  ),
  http.get(`${API}/friends/suggestions`, () =>
    HttpResponse.json(SuggestionListSchema.parse({ data: [] })),
  ),
  http.get(`${API}/friends/invite-link`, () =>
    HttpResponse.json(InviteLinkStateSchema.parse({ url: TEST_INVITE_LINK })),
  ),
  http.post(`${API}/friends/invite-link`, () =>
    HttpResponse.json(InviteLinkSchema.parse({ url: TEST_INVITE_LINK })),
  ),
  http.get(`${API}/search/search`, () =>
    HttpResponse.json(UserSearchListSchema.parse({ data: [] })),
  ),
];
