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
  /** The scenario it is a request of (the mixed load sends each to its control route). */
  scenario?: string;
}

export type ScenarioKind = 'read' | 'write' | 'login';

export interface Scenario {
  name: string;
  title: string;
  kind: ScenarioKind;
  method: 'GET' | 'POST';
  /** The app's route (Fastify pattern): where the controls answer it too. */
  route: string;
  /** A list route: at most 3 queries besides the session lookup, whatever the page size. */
  list: boolean;
  /** The query parameter that sets the page size, for the page-size check. */
  pageParam?: string;
  /** Who may make the request: any signed-in user, or owners of a journal. */
  by: 'anyone' | 'writer';
  /** A fresh random request by `user` (sign-in: by a random seeded user). */
  request: (user: BenchUser, layout: SeedLayout) => RequestSpec;
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

/**
 * The public journal nearest to user `n` in the seed that is not theirs (the seed makes journal
 * k private when k % 3 = 0; a public journal may be read by every signed-in user).
 */
export function publicJournalNear(layout: SeedLayout, n: number): number {
  const home = Math.floor((n - 1) / layout.writerEvery);
  for (let k = 0; k < layout.writers; k++) {
    for (const w of [home + k, home - k]) {
      if (w < 0 || w >= layout.writers || layout.writer(w) === n) continue;
      const journal = layout.journalsOf(w).find((j) => j % 3 !== 0);
      if (journal !== undefined) return journal;
    }
  }
  throw new Error(`no public journal in the seed for user ${n}`);
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'login',
    title: 'login (POST /api/auth/login)',
    kind: 'login',
    method: 'POST',
    route: '/api/auth/login',
    list: false,
    by: 'anyone',
    request: (_user, layout) => ({
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
    method: 'GET',
    route: '/api/stats',
    list: false,
    by: 'writer',
    request: (user) => get(user, '/api/stats'),
  },
  {
    name: 'journals',
    title: 'journal list (GET /api/journals/get)',
    kind: 'read',
    method: 'GET',
    route: '/api/journals/get',
    list: true,
    by: 'writer',
    request: (user) => get(user, '/api/journals/get'),
  },
  {
    name: 'journal',
    title: 'journal detail, 50 prayers (GET /api/journals/:id)',
    kind: 'read',
    method: 'GET',
    route: '/api/journals/:id',
    list: false,
    by: 'writer',
    request: (user, layout) =>
      get(user, `/api/journals/${seedId('journal', pick(layout.journalsOf(user.writer!)))}`),
  },
  {
    name: 'journal-public',
    title: "another user's public journal, as a reader (GET /api/journals/:id)",
    kind: 'read',
    method: 'GET',
    route: '/api/journals/:id',
    list: false,
    by: 'anyone',
    request: (user, layout) =>
      get(user, `/api/journals/${seedId('journal', publicJournalNear(layout, user.n))}`),
  },
  {
    name: 'discover',
    title: 'discover (GET /api/journals/public?tab=popular)',
    kind: 'read',
    method: 'GET',
    route: '/api/journals/public',
    list: true,
    pageParam: 'limit',
    by: 'anyone',
    request: (user) => get(user, '/api/journals/public?tab=popular'),
  },
  {
    name: 'prayers',
    title: 'prayer points (GET /api/prayers/user)',
    kind: 'read',
    method: 'GET',
    route: '/api/prayers/user',
    list: true,
    pageParam: 'limit',
    by: 'writer',
    request: (user) => get(user, '/api/prayers/user'),
  },
  {
    name: 'friends',
    title: 'friends (GET /api/friends)',
    kind: 'read',
    method: 'GET',
    route: '/api/friends',
    list: true,
    by: 'anyone',
    request: (user) => get(user, '/api/friends'),
  },
  {
    name: 'requests',
    title: 'prayer requests, friend view (GET /api/prayer-requests?type=friendRequests)',
    kind: 'read',
    method: 'GET',
    route: '/api/prayer-requests',
    list: true,
    pageParam: 'limit',
    by: 'anyone',
    request: (user) => get(user, '/api/prayer-requests?type=friendRequests'),
  },
  {
    name: 'notifications',
    title: 'notifications (GET /api/notifications)',
    kind: 'read',
    method: 'GET',
    route: '/api/notifications',
    list: true,
    pageParam: 'limit',
    by: 'anyone',
    request: (user) => get(user, '/api/notifications'),
  },
  {
    name: 'session',
    title: 'pray-through session, 5 items (GET /api/pray/session)',
    kind: 'read',
    method: 'GET',
    route: '/api/pray/session',
    list: false,
    by: 'anyone',
    request: (user) => get(user, '/api/pray/session'),
  },
  {
    name: 'create-prayer',
    title: 'create prayer (POST /api/prayers)',
    kind: 'write',
    method: 'POST',
    route: '/api/prayers',
    list: false,
    by: 'writer',
    request: (user, layout) => ({
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
    }),
  },
  {
    name: 'pray',
    title: 'mark praying (POST /api/prayer-requests/:id/pray)',
    kind: 'write',
    method: 'POST',
    route: '/api/prayer-requests/:id/pray',
    list: false,
    by: 'anyone',
    request: (user, layout) => {
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
  {
    name: 'prayed',
    title: 'record a Prayed from a session (POST /api/prayers/:id/prayed)',
    kind: 'write',
    method: 'POST',
    route: '/api/prayers/:id/prayed',
    list: false,
    by: 'writer',
    request: (user, layout) => {
      // A pending prayer of the user's own journal (the seed answers every fourth one).
      const journal = pick(layout.journalsOf(user.writer!));
      const first = (journal - 1) * layout.prayersPerJournal + 1;
      const pending = Array.from({ length: layout.prayersPerJournal }, (_, i) => first + i).filter(
        (k) => k % 4 !== 0,
      );
      return {
        method: 'POST',
        path: `/api/prayers/${seedId('prayer', pick(pending))}/prayed`,
        headers: { ...auth(user), ...json },
        body: JSON.stringify({ source: 'session' }),
      };
    },
  },
];

export const scenarioNamed = (name: string): Scenario => {
  const found = SCENARIOS.find((s) => s.name === name);
  if (!found) throw new Error(`no scenario ${name}`);
  return found;
};

/** A fresh random request of `scenario` by a random signed-in user who may make it. */
export function nextRequest(scenario: Scenario, ctx: ScenarioContext): RequestSpec {
  return scenario.request(pick(scenario.by === 'writer' ? ctx.writers : ctx.users), ctx.layout);
}

/** The route parameters of `path` under `route` (`/api/journals/:id`). */
export function routeParams(route: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = new RegExp(
    `^${route.replace(/:(\w+)/g, (_m, name: string) => {
      names.push(name);
      return '([^/?]+)';
    })}(?:\\?|$)`,
  );
  const match = pattern.exec(path);
  if (!match) throw new Error(`${path} does not match ${route}`);
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
}

/** The same request with a different page size (for the query-count check). */
export function withPageSize(spec: RequestSpec, param: string, size: number): RequestSpec {
  const url = new URL(spec.path, 'http://x');
  url.searchParams.set(param, String(size));
  return { ...spec, path: `${url.pathname}${url.search}` };
}
