import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export type AuthTokenKind = 'password_reset' | 'login_code';

/** Single-use secrets (password reset links, Google login codes); only their hash is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().$type<AuthTokenKind>().notNull(),
    tokenHash: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_id_idx').on(t.userId),
  ],
);

/** OAuth state, nonce and PKCE verifier between the redirect and the callback. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text().primaryKey(),
  nonce: text().notNull(),
  codeVerifier: text().notNull(),
  redirectTo: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
