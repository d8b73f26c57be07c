// Named prepared statements, for the statements every checkout cycle sends: drizzle builds each query
// once instead of on every call, and PostgreSQL parses and plans it once per connection (pg sends the
// Parse only the first time a connection meets the name). PGlite has no named statements: there only
// the building is saved.
//
// drizzle binds a prepared query to the handle it was prepared from (the pool, or PGlite itself), so
// one prepared on the database and run in a transaction would go outside the transaction: on
// PostgreSQL to another connection, on PGlite behind the transaction it waits for. Each call therefore
// sends the one prepared query through the client of the handle it is given (the transaction's
// connection in a transaction). That is drizzle's own `session.client`, which both drivers' prepared
// queries send through (drizzle-orm 0.45); tests/integration/prepared.test.ts holds it to that on
// both databases.
import type { Tx } from './db.server.ts'

export interface PreparedQuery<R> {
  execute(values?: Record<string, unknown>): Promise<R>
}

interface Session {
  client: unknown
}

/**
 * A statement built once by `build` and sent by name: call the answer with the handle (the database or
 * a transaction) and the placeholders' values. A name is one statement's: pg refuses two texts under
 * one name on a connection, so a statement whose text varies (a list's length, the language's columns)
 * gets a name per variant.
 */
export function preparedStatement<R>(
  name: string,
  build: (db: Tx) => { prepare(name: string): PreparedQuery<R> },
): (handle: Tx, values?: Record<string, unknown>) => Promise<R> {
  // One prepared query per driver (the tests run both in one process), built on first use.
  const byDriver = new Map<unknown, PreparedQuery<R>>()
  return (handle, values) => {
    const session = (handle as unknown as { session: Session }).session
    let query = byDriver.get(session.constructor)
    if (!query) {
      query = build(handle).prepare(name)
      byDriver.set(session.constructor, query)
    }
    const bound: PreparedQuery<R> & Session = Object.create(query)
    bound.client = session.client
    return bound.execute(values)
  }
}
