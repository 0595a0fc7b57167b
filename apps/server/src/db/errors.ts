/** Whether a database error (or one it wraps: Drizzle puts the driver's error in `cause`) has `code`. */
function hasSqlState(error: unknown, code: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A unique violation (SQLSTATE 23505): another row already holds the value. */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');

/**
 * A foreign key violation (SQLSTATE 23503): a row the write refers to is gone, deleted by a
 * transaction that committed while this one ran (docs/decisions/056).
 */
export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, '23503');
