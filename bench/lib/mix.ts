import type { SeedLayout } from '../../apps/server/src/db/seed.ts';
import { controlPath } from './control.ts';
import type { JourneyStep } from './load.ts';
import { ONE_STATEMENT } from './one-statement.ts';
import { type BenchUser, type RequestSpec, scenarioNamed } from './scenarios.ts';

/**
 * The realistic mixed load (issue 19 §4): virtual users drawn in turn from a pool of signed-in
 * seeded users, each walking a journey of 20 requests, 18 reads and 2 writes (90/10): the
 * dashboard, notifications, their journals, a journal, prayer points, friends' requests, a new
 * prayer, and so on. A journal owner opens and adds to their own journal; anyone else opens a
 * public journal of another user and prays twice for friends' requests instead of adding a
 * prayer. Each connection is one virtual user at a time: when its journey ends the next user in
 * the pool starts.
 */
const OWNER_JOURNEY = [
  'stats',
  'notifications',
  'journals',
  'journal',
  'prayers',
  'requests',
  'create-prayer',
  'journal',
  'friends',
  'requests',
  'pray',
  'notifications',
  'stats',
  'discover',
  'journal',
  'journals',
  'prayers',
  'notifications',
  'requests',
  'stats',
] as const;

/** The same journey for someone without a journal of their own. */
const READER_JOURNEY = OWNER_JOURNEY.map((name) =>
  name === 'journal' ? 'journal-public' : name === 'create-prayer' ? 'pray' : name,
);

/** The scenarios a journey uses (all of them must be captured for the controls). */
export const JOURNEY_SCENARIOS = [...new Set([...OWNER_JOURNEY, ...READER_JOURNEY])];
export const JOURNEY_LENGTH = OWNER_JOURNEY.length;
export const JOURNEY_WRITE_SHARE =
  OWNER_JOURNEY.filter((n) => scenarioNamed(n).kind === 'write').length / JOURNEY_LENGTH;

/** Where the mix goes: the app, or a control (reads by `reads`, writes by the app's SQL). */
export type MixTarget = 'app' | 'a' | 'b';

/**
 * The journey's steps for autocannon (one request per step, `context` per connection): the first
 * step takes the next user of `pool`, every step makes that user's request and records which
 * scenario it is, so `mixPath` can send it to the right control route.
 */
export function journey(pool: BenchUser[], layout: SeedLayout): JourneyStep[] {
  let next = 0;
  return Array.from({ length: JOURNEY_LENGTH }, (_, step) => (context) => {
    if (step === 0) context.user = pool[next++ % pool.length];
    const user = context.user as BenchUser;
    const name = (user.writer === null ? READER_JOURNEY : OWNER_JOURNEY)[step]!;
    const spec = scenarioNamed(name).request(user, layout);
    return { ...spec, scenario: name };
  });
}

/** The path a journey's request takes on `target`. */
export function mixPath(target: MixTarget) {
  return (spec: RequestSpec): string => {
    if (target === 'app') return spec.path;
    const name = spec.scenario!;
    const kind = target === 'b' && name in ONE_STATEMENT ? 'b' : 'a';
    return controlPath(kind, name, spec.path);
  };
}
