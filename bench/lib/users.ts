import { SEED_PASSWORD, type SeedLayout } from '../../apps/server/src/db/seed.ts';
import type { BenchUser } from './scenarios.ts';

/** A seeded user who signed in over HTTP, with their id and their session (from the token). */
export interface SignedInUser extends BenchUser {
  id: string;
  sessionId: string;
  /** When the session expires (ms since the epoch). */
  expiresAt: number;
}

/** Random distinct users: `writers` journal owners and `others` who own none. */
export function pickUsers(layout: SeedLayout, writers: number, others: number) {
  const chosen = new Map<number, number | null>();
  const w = Math.min(writers, layout.writers);
  while (chosen.size < w) {
    const index = Math.floor(Math.random() * layout.writers);
    chosen.set(layout.writer(index), index);
  }
  const o = Math.min(others, layout.users - layout.writers);
  while (chosen.size < w + o) {
    const n = 1 + Math.floor(Math.random() * layout.users);
    if ((n - 1) % layout.writerEvery !== 0) chosen.set(n, null);
  }
  return [...chosen].map(([n, writer]) => ({ n, writer }));
}

/**
 * `count` distinct users drawn at random from all seeded users (every one of them when `count`
 * is at least the seed's size), in random order, each with their writer index or null.
 */
export function sampleUsers(layout: SeedLayout, count: number) {
  const chosen = new Set<number>();
  if (count >= layout.users) for (let n = 1; n <= layout.users; n++) chosen.add(n);
  while (chosen.size < Math.min(count, layout.users))
    chosen.add(1 + Math.floor(Math.random() * layout.users));
  const users = [...chosen].map((n) => ({
    n,
    writer: (n - 1) % layout.writerEvery === 0 ? (n - 1) / layout.writerEvery : null,
  }));
  for (let i = users.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [users[i], users[j]] = [users[j]!, users[i]!];
  }
  return users;
}

/**
 * Signs seeded users in through `POST /api/auth/login`, four at a time, each from its own
 * `X-Forwarded-For` address (the server trusts 127.0.0.1 as a proxy in the bench), so the
 * per-address login limit is not what is measured.
 */
export async function signInOverHttp(
  baseUrl: string,
  picked: { n: number; writer: number | null }[],
): Promise<SignedInUser[]> {
  const users: SignedInUser[] = [];
  const queue = [...picked];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let u = queue.shift(); u; u = queue.shift()) {
        const res = await fetch(`${baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.251.${Math.floor(u.n / 250) % 250}.${1 + (u.n % 250)}`,
          },
          body: JSON.stringify({ email: `seed${u.n}@example.test`, password: SEED_PASSWORD }),
        });
        if (!res.ok)
          throw new Error(`login of seed${u.n} failed: ${res.status} ${await res.text()}`);
        const body = (await res.json()) as { token: string; user: { _id: string } };
        // The token's own claims (a JWT: its payload is base64url JSON): session id and expiry.
        const claims = JSON.parse(
          Buffer.from(body.token.split('.')[1]!, 'base64url').toString('utf8'),
        ) as { sid: string; exp: number };
        users.push({
          ...u,
          token: body.token,
          id: body.user._id,
          sessionId: claims.sid,
          expiresAt: claims.exp * 1000,
        });
      }
    }),
  );
  return users;
}
