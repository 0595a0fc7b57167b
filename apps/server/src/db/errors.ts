/**
 * Whether a database error (or one it wraps: Drizzle puts the driver's error in `cause`) is a
 * unique violation (SQLSTATE 23505): another row already holds the value.
 */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
