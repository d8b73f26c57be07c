// Named prepared statements (app/platform/prepared.server.ts) on both databases: one statement sent
// by the database and by transactions alike, and in a transaction it is the transaction's.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyKeys } from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { preparedStatement } from '#app/platform/prepared.server.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'

const claim = preparedStatement('test-claim-key', (db) =>
  db
    .insert(idempotencyKeys)
    .values({ key: sql.placeholder('key'), scope: 'test' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key }),
)

const keysIn = preparedStatement('test-keys-in', (db) =>
  db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(sql`${idempotencyKeys.key} = any(${sql.placeholder('keys')}::text[])`)
    .orderBy(idempotencyKeys.key),
)

describe.each(DATABASE_KINDS)('prepared statements on %s', (kind) => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('sends one statement many times, with an array for a list of any length', async () => {
    const keys = Array.from({ length: 12 }, () => `prepared:${randomUUID()}`)
    for (const key of keys) expect(await claim(database.db, { key })).toEqual([{ key }])
    expect(await claim(database.db, { key: keys[0] })).toEqual([])
    expect(await keysIn(database.db, { keys: keys.slice(0, 3) })).toEqual(
      keys
        .slice(0, 3)
        .sort()
        .map((key) => ({ key })),
    )
    expect(await keysIn(database.db, { keys: [] })).toEqual([])
  })

  it('writes in the transaction it is given: a rollback takes its rows away', async () => {
    const kept = `prepared:${randomUUID()}`
    const undone = `prepared:${randomUUID()}`
    await database.db.transaction(async (tx) => {
      await claim(tx, { key: kept })
    })
    await expect(
      database.db.transaction(async (tx) => {
        await claim(tx, { key: undone })
        // Seen inside the transaction that wrote it.
        expect(await keysIn(tx, { keys: [undone] })).toEqual([{ key: undone }])
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    const stored = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, 'test'))
    expect(stored.map((row) => row.key)).toContain(kept)
    expect(stored.map((row) => row.key)).not.toContain(undone)
  })
})
