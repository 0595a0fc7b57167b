import type { UserRow } from '../../db/schema/index.ts';
import { normaliseEmail } from '../users/users.service.ts';
import { AdminRepository } from './admin.repository.ts';
import type { Db } from '../../db/client.ts';

/** The `users.role` of an operator; everyone else is 'user'. */
export const ADMIN_ROLE = 'admin';
const USER_ROLE = 'user';

export const isAdmin = (user: Pick<UserRow, 'role'>) => user.role === ADMIN_ROLE;

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  grant <email>    make the account with this e-mail an admin
  revoke <email>   make it an ordinary user again
  list             list the admins`;

/**
 * `npm run admin -- grant|revoke <email> | list` (ADR 041): the one way to make or unmake an
 * admin, from a shell with the server's configuration. No web request can change a role.
 * @returns the exit code and the lines to print.
 */
export async function runAdminCommand(
  db: Db,
  args: readonly string[],
): Promise<{ code: number; lines: string[] }> {
  const repo = new AdminRepository(db);
  const [command, email, ...rest] = args;
  if ((command === 'grant' || command === 'revoke') && email && rest.length === 0) {
    const address = normaliseEmail(email);
    const row = await repo.setRole(address, command === 'grant' ? ADMIN_ROLE : USER_ROLE);
    if (!row) return { code: 1, lines: [`No account has the e-mail ${address}.`] };
    return {
      code: 0,
      lines: [
        command === 'grant'
          ? `${row.email} (${row.username}) is an admin now.`
          : `${row.email} (${row.username}) is an ordinary user now.`,
        'A running server sees the change at its next request.',
      ],
    };
  }
  if (command === 'list' && email === undefined) {
    const admins = await repo.withRole(ADMIN_ROLE);
    return {
      code: 0,
      lines:
        admins.length === 0 ? ['No admins yet.'] : admins.map((a) => `${a.email} (${a.username})`),
    };
  }
  return { code: 2, lines: [ADMIN_USAGE] };
}
