import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { errorSerializer } from './log-serializers.ts';

describe('errorSerializer', () => {
  it('keeps the SQL of a failed query and drops its parameters, also from the stack and causes', () => {
    const cause = new Error('terminating connection due to administrator command');
    const failed = new DrizzleQueryError(
      'update "users" set "password_hash" = $1 where "email" = $2',
      ['$argon2id$v=19$secret-hash', 'ruth@example.test'],
      cause,
    );
    const outer = new Error('request failed', { cause: failed });
    const text = JSON.stringify(errorSerializer(outer));
    expect(text).toContain('update \\"users\\" set \\"password_hash\\" = $1');
    expect(text).toContain('terminating connection due to administrator command');
    expect(text).not.toContain('secret-hash');
    expect(text).not.toContain('ruth@example.test');
  });

  it('leaves other errors as pino writes them', () => {
    const error = new Error('plain');
    expect(errorSerializer(error)).toMatchObject({ type: 'Error', message: 'plain' });
  });
});
