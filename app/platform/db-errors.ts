// Reading the database's refusals: node-postgres and PGlite raise them with a SQLSTATE code and the
// constraint's name, and Drizzle wraps them (the original is somewhere down the `cause` chain).

const UNIQUE_VIOLATION = '23505'

/**
 * The name of the unique constraint or index a write broke, wherever it sits in the error's cause
 * chain; '' when the database named none; null for any other error.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown }
    if (code === UNIQUE_VIOLATION) return typeof constraint === 'string' ? constraint : ''
  }
  return null
}
