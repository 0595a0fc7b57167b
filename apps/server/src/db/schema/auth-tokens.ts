import type { GoogleConfirmAction } from '@selah/shared/schemas/auth';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * - `password_reset`: a reset link (mailed);
 * - `email_verify`: a link proving the account's address (mailed; `data.email`);
 * - `email_change`: a link proving a new address before it replaces the old one (mailed to the
 *   new address; `data.email`, and `data.sessionId`: the session that asked, which stays);
 * - `login_code`: the Google callback's hand-off code, bound to the browser (ADR 039);
 * - `google_confirm`: a fresh Google sign-in confirming a dangerous action of a Google-only
 *   account (its secret is the browser's HttpOnly cookie).
 */
export type AuthTokenKind =
  'password_reset' | 'email_verify' | 'email_change' | 'login_code' | 'google_confirm';

/** Single-use secrets (links, codes, confirmations); only their hash is kept. */
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

/**
 * Why a Google round trip was started: to sign in (or up), or to confirm clearing the data of
 * or deleting a Google-only account (ADR 039).
 */
export type OauthPurpose = 'sign_in' | `confirm_${GoogleConfirmAction}`;

/** OAuth state, nonce and PKCE verifier between the redirect and the callback. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text().primaryKey(),
  nonce: text().notNull(),
  codeVerifier: text().notNull(),
  purpose: text().$type<OauthPurpose>().notNull().default('sign_in'),
  redirectTo: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
