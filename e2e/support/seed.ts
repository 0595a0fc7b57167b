import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import type { Api, TestUser } from './api.ts';

/** A word no other test's data contains, so searches find only this test's records. */
export function uniqueWord(): string {
  return `e2e${randomBytes(4).toString('hex')}`;
}

export interface Created {
  _id: string;
  title: string;
}

/**
 * Seeds data as `user` through the HTTP API (the stack's database is not reachable): each call
 * checks the server's status and returns the created record.
 */
export async function seedAs(api: Api, user: TestUser) {
  const { token } = await api.login(user.email, user.password);
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data?: Record<string, unknown>, status = 201) => {
    const response = await api.request.post(path, { data, headers });
    expect(response.status(), await response.text()).toBe(status);
    return (await response.json()) as T;
  };
  return {
    post,
    createJournal: (data: { title: string; isPrivate: boolean; description?: string }) =>
      post<Created>('/api/journals', data),
    addPublicPrayer: (journal: Created, title: string) =>
      post<Created>('/api/prayers', {
        title,
        content: 'Please pray with us.',
        journal: journal._id,
        isPrivate: false,
      }),
    share: (kind: 'journals' | 'prayers', id: string, friends: TestUser[]) =>
      post(`/api/${kind}/${id}/share`, { userIds: friends.map((friend) => friend.id) }, 200),
    join: (journal: Created) => post(`/api/journals/${journal._id}/join`, undefined, 200),
  };
}
