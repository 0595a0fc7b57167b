import { SQL, sql } from 'drizzle-orm';
import type { UserSettings } from '@selah/shared/schemas/auth';
import { users } from '../../db/schema/index.ts';

type Scalar = Exclude<keyof UserSettings, 'privacy' | 'appearance'>;

/**
 * A write of some of a user's settings (docs/decisions/056): each top-level key given replaces
 * that key; `privacy` and `appearance` are merged key by key. A top-level value may be SQL
 * computed in the statement; when it is null the key keeps its value.
 */
export type SettingsPatch = { [K in Scalar]?: UserSettings[K] | SQL } & {
  privacy?: Partial<UserSettings['privacy']>;
  appearance?: UserSettings['appearance'];
};

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * `users.settings` with `patch` written over it, for `update users set settings = ...`: the
 * keys the patch names change, every other key stays as the row has it when the statement runs
 * (not as a copy read earlier), so writers of different keys at once never undo each other.
 * The one way settings are written (account saves, the pray session's size and rotation).
 */
export function settingsWith(patch: SettingsPatch): SQL {
  const { privacy, appearance, ...top } = patch;
  const pairs = Object.entries(top)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => sql`${key}::text, ${value instanceof SQL ? value : json(value)}`);
  let settings = sql`${users.settings}`;
  // Top-level values are scalars: stripping nulls drops only the keys left as they were.
  if (pairs.length > 0)
    settings = sql`${settings} || jsonb_strip_nulls(jsonb_build_object(${sql.join(pairs, sql`, `)}))`;
  for (const [key, value] of [
    ['privacy', privacy],
    ['appearance', appearance],
  ] as const) {
    if (value === undefined) continue;
    settings = sql`jsonb_set(${settings}, ${`{${key}}`}::text[],
      coalesce(${users.settings} -> ${key}::text, '{}'::jsonb) || ${json(value)})`;
  }
  return settings;
}
