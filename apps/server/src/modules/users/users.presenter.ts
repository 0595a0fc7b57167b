import type { User } from '@selah/shared/schemas/auth';
import type { UserRow } from '../../db/schema/index.ts';
import { effectivePlan } from '../billing/plan-catalogue.ts';

/** The signed-in user as they see themselves; no hashes or internal columns. */
export function presentUser(row: UserRow, now: Date = new Date()): User {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    role: row.role,
    profilePicture: row.profilePicture,
    bio: row.bio,
    language: row.language,
    settings: row.settings,
    notificationPreferences: row.notificationPreferences,
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerified,
    plan: effectivePlan(row, now),
  };
}
