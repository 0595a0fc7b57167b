import { PRAYER_CATEGORIES } from '@selah/shared/constants';
import { SEED_PASSWORD, seedId, type SeedLayout } from '../../apps/server/src/db/seed.ts';

/** A signed-in seeded user. */
export interface BenchUser {
  /** The user number in the seed (seed{n}@example.test). */
  n: number;
  token: string;
  /** Index among writers (owners of journals), or null. */
  writer: number | null;
}

export interface ScenarioContext {
  layout: SeedLayout;
  users: BenchUser[];
  writers: BenchUser[];
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export type ScenarioKind = 'read' | 'write' | 'login';

export interface Scenario {
  name: string;
  title: string;
  kind: ScenarioKind;
  /** A list route: at most 3 queries besides the session lookup, whatever the page size. */
  list: boolean;
  /** The query parameter that sets the page size, for the page-size check. */
  pageParam?: string;
  /** A fresh random request. */
  next: (ctx: ScenarioContext) => RequestSpec;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const auth = (user: BenchUser) => ({ authorization: `Bearer ${user.token}` });
const json = { 'content-type': 'application/json' };
const get = (user: BenchUser, path: string): RequestSpec => ({
  method: 'GET',
  path,
  headers: auth(user),
});
/** A random address in 10.0.0.0/8: login limits are per IP behind the (trusted) proxy. */
const randomIp = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export const SCENARIOS: Scenario[] = [
  {
    name: 'login',
    title: 'login (POST /api/auth/login)',
    kind: 'login',
    list: false,
    next: ({ layout }) => ({
      method: 'POST',
      path: '/api/auth/login',
      headers: { ...json, 'x-forwarded-for': randomIp() },
      body: JSON.stringify({
        email: `seed${1 + Math.floor(Math.random() * layout.users)}@example.test`,
        password: SEED_PASSWORD,
      }),
    }),
  },
  {
    name: 'stats',
    title: 'dashboard stats (GET /api/stats)',
    kind: 'read',
    list: false,
    next: ({ writers }) => get(pick(writers), '/api/stats'),
  },
  {
    name: 'journals',
    title: 'journal list (GET /api/journals/get)',
    kind: 'read',
    list: true,
    next: ({ writers }) => get(pick(writers), '/api/journals/get'),
  },
  {
    name: 'journal',
    title: 'journal detail, 50 prayers (GET /api/journals/:id)',
    kind: 'read',
    list: false,
    next: ({ writers, layout }) => {
      const user = pick(writers);
      return get(user, `/api/journals/${seedId('journal', pick(layout.journalsOf(user.writer!)))}`);
    },
  },
  {
    name: 'discover',
    title: 'discover (GET /api/journals/public?tab=popular)',
    kind: 'read',
    list: true,
    pageParam: 'limit',
    next: ({ users }) => get(pick(users), '/api/journals/public?tab=popular'),
  },
  {
    name: 'prayers',
    title: 'prayer points (GET /api/prayers/user)',
    kind: 'read',
    list: true,
    pageParam: 'limit',
    next: ({ writers }) => get(pick(writers), '/api/prayers/user'),
  },
  {
    name: 'friends',
    title: 'friends (GET /api/friends)',
    kind: 'read',
    list: true,
    next: ({ users }) => get(pick(users), '/api/friends'),
  },
  {
    name: 'requests',
    title: 'prayer requests, friend view (GET /api/prayer-requests?type=friendRequests)',
    kind: 'read',
    list: true,
    pageParam: 'limit',
    next: ({ users }) => get(pick(users), '/api/prayer-requests?type=friendRequests'),
  },
  {
    name: 'notifications',
    title: 'notifications (GET /api/notifications)',
    kind: 'read',
    list: true,
    pageParam: 'limit',
    next: ({ users }) => get(pick(users), '/api/notifications'),
  },
  {
    name: 'create-prayer',
    title: 'create prayer (POST /api/prayers)',
    kind: 'write',
    list: false,
    next: ({ writers, layout }) => {
      const user = pick(writers);
      return {
        method: 'POST',
        path: '/api/prayers',
        headers: { ...auth(user), ...json },
        body: JSON.stringify({
          journal: seedId('journal', pick(layout.journalsOf(user.writer!))),
          title: `Benchmark prayer ${Math.floor(Math.random() * 1e9)}`,
          content: 'Written by the benchmark.',
          category: pick(PRAYER_CATEGORIES),
          isPrivate: Math.random() < 0.5,
        }),
      };
    },
  },
  {
    name: 'pray',
    title: 'mark praying (POST /api/prayer-requests/:id/pray)',
    kind: 'write',
    list: false,
    next: ({ users, layout }) => {
      const user = pick(users);
      const half = layout.friendsPerUser / 2;
      // A friend on either side of the ring, and that friend's public request.
      const d = (1 + Math.floor(Math.random() * half)) * (Math.random() < 0.5 ? -1 : 1);
      const friend = layout.friend(user.n, d);
      const request = pick(layout.publicRequestsOf(friend));
      return {
        method: 'POST',
        path: `/api/prayer-requests/${seedId('request', request)}/pray`,
        headers: auth(user),
      };
    },
  },
];

/** The same request with a different page size (for the query-count check). */
export function withPageSize(spec: RequestSpec, param: string, size: number): RequestSpec {
  const url = new URL(spec.path, 'http://x');
  url.searchParams.set(param, String(size));
  return { ...spec, path: `${url.pathname}${url.search}` };
}
