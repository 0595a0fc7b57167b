import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Api, apiAs } from './api.ts';
import { signUp } from './build-test-app.ts';

export interface Person {
  id: string;
  email: string;
  api: Api;
}

/** A signed-up, signed-in user with an API client. */
export async function person(app: FastifyInstance, firstName = 'Pat'): Promise<Person> {
  const u = await signUp(app, { firstName });
  return { id: u.userId, email: u.email, api: apiAs(app, u.token) };
}

/** Makes two people friends through the API. */
export async function befriend(a: Person, b: Person): Promise<void> {
  expect((await a.api.post(`/api/friends/request/${b.id}`)).statusCode).toBe(201);
  const requests = (await b.api.get('/api/friends/requests')).json<{
    data: { _id: string; requester: { _id: string } }[];
  }>().data;
  const request = requests.find((r) => r.requester._id === a.id)!;
  expect((await b.api.put(`/api/friends/accept/${request._id}`)).statusCode).toBe(200);
}
