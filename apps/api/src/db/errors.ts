/** SQLSTATE of a unique violation, the same on PostgreSQL and PGlite. */
const UNIQUE_VIOLATION = '23505';

/** True when `error` is the database refusing a duplicate on the named unique index or constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === UNIQUE_VIOLATION && violated === constraint;
}
