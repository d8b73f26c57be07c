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

/**
 * Whether an error is the database's passing refusal (a deadlock, a serialization failure, a lock or
 * statement timeout, a lost connection): the whole transaction should be tried again, not carried on
 * without the step that failed.
 */
export function transientFailure(error: unknown): boolean {
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    const { code } = cause as { code?: unknown }
    if (typeof code === 'string' && /^(40|08)...$|^55P03$|^57014$/.test(code)) return true
  }
  return false
}
