// One worker per process for events a webhook stored before acting on them (Shiprocket's tracking,
// WhatsApp's statuses): woken by each stored event, it waits a moment to gather a burst, then applies
// batch after batch until none is left. One run at a time, so two events of one parcel or message
// never race; an event stored during a run is taken by that run or the next. A batch is applied by
// applyStoredEventBatch: one commit, the events that can go together first, then a savepoint per
// event, an event that keeps failing left after five tries.
import { and, isNull, lt, type SQL, sql } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db, Tx } from './db.server.ts'
import type { Logger } from './logger.server.ts'

export interface EventWorker {
  /** A new event is stored: apply it (and any before it) soon. */
  kick(): void
  /** Resolves when every event stored so far has been tried. */
  idle(): Promise<void>
  /** Finishes what is stored, then stops. */
  stop(): Promise<void>
}

/**
 * How long the worker waits after the first new event before it applies what is stored: events come
 * in bursts (a courier's scans, sent, delivered and read within a second, a storm of retries), and one
 * batch of many commits once, where a run per event would commit per event and take the webhook's
 * database and CPU from its answers.
 */
const GATHER_MS = 100

/** `applyBatch` applies one batch and says how many it applied (0: nothing left, or only failures). */
export function startEventWorker(
  applyBatch: () => Promise<number>,
  { name, log }: { name: string; log?: Logger },
): EventWorker {
  let running: Promise<void> | null = null
  let again = false
  const run = async () => {
    do {
      again = false
      while ((await applyBatch()) > 0) {
        // until nothing is left (or only events that keep failing)
      }
    } while (again)
  }
  const kick = () => {
    if (running) {
      again = true
      return
    }
    running = new Promise((resolve) => setTimeout(resolve, GATHER_MS))
      .then(run)
      .catch((error: unknown) => log?.error({ err: error }, `the ${name} failed`))
      .finally(() => {
        running = null
      })
  }
  return {
    kick,
    async idle() {
      while (running) await running
    },
    async stop() {
      kick()
      while (running) await running
    },
  }
}

/** Tries of a stored event that keeps failing, at most (five): then it is logged and left for a person. */
export const STORED_EVENT_MAX_TRIES = 5

/** A table of stored events: each row has an id, its failed tries, when it was applied and what that did. */
export type StoredEventTable = PgTable & {
  id: PgColumn
  failedAttempts: PgColumn
  processedAt: PgColumn
  outcome: PgColumn
}

export interface StoredEventBatch<Row extends { id: string; failedAttempts: number }> {
  table: StoredEventTable
  /** What one event is, for the log: 'courier event'. */
  name: string
  /**
   * Reads the batch, in the order to apply it: the rows `waiting` matches (not applied yet, tried
   * fewer than STORED_EVENT_MAX_TRIES times), those with fewer failed tries first.
   */
  read(waiting: SQL): Promise<Row[]>
  /** Applies one event in its savepoint and says what that did (kept as its outcome). */
  apply(savepoint: Tx, row: Row): Promise<string>
  /**
   * Applies the events of the batch that can go together in a few statements (many small ones cost
   * the webhook's answers their CPU), in one savepoint before the rest; their outcomes by event id.
   * The others go one by one through `apply`. If it fails, every event goes one by one.
   */
  applyTogether?(savepoint: Tx, rows: Row[]): Promise<Map<string, string>>
  /** What the log says of an event that could not be applied, beside the error and its tries. */
  describe(row: Row): Record<string, unknown>
  log?: Logger
  now?: Date
}

/**
 * Applies one batch of stored events in one transaction (one commit for the batch, not one per
 * event), each in a savepoint of it, and marks the applied ones in one statement; returns how many
 * were applied. One that fails is rolled back alone (its savepoint), its try counted (so it goes
 * behind the others and stops at STORED_EVENT_MAX_TRIES), logged, and left for the next run.
 */
export async function applyStoredEventBatch<Row extends { id: string; failedAttempts: number }>(
  db: Db,
  batch: StoredEventBatch<Row>,
): Promise<number> {
  const { table, log } = batch
  const waiting = await batch.read(
    and(isNull(table.processedAt), lt(table.failedAttempts, STORED_EVENT_MAX_TRIES)) as SQL,
  )
  if (waiting.length === 0) return 0
  const applied: SQL[] = []
  await db.transaction(async (tx) => {
    // As the webhooks' inserts: a batch whose commit a crash loses is undone whole, effects and marks
    // together, and applied again after the restart.
    await tx.execute(sql`set local synchronous_commit = off`)
    let together = new Map<string, string>()
    if (batch.applyTogether) {
      try {
        together = await tx.transaction((savepoint) => batch.applyTogether!(savepoint, waiting))
      } catch (error) {
        log?.error({ err: error }, `a batch of ${batch.name}s could not be applied together: one by one instead`)
      }
    }
    for (const row of waiting) {
      const outcome = together.get(row.id)
      if (outcome !== undefined) {
        applied.push(sql`(${row.id}::uuid, ${outcome})`)
        continue
      }
      try {
        const outcome = await tx.transaction((savepoint) => batch.apply(savepoint, row))
        applied.push(sql`(${row.id}::uuid, ${outcome})`)
      } catch (error) {
        const attempts = row.failedAttempts + 1
        await tx.execute(
          sql`update ${table} set ${sql.identifier(table.failedAttempts.name)} = ${attempts} where ${table.id} = ${row.id}`,
        )
        log?.error(
          { err: error, ...batch.describe(row), attempts },
          attempts >= STORED_EVENT_MAX_TRIES
            ? `a stored ${batch.name} failed five times: it is not tried again`
            : `a stored ${batch.name} could not be applied: it is tried again later`,
        )
      }
    }
    if (applied.length === 0) return
    await tx.execute(sql`
      update ${table} set ${sql.identifier(table.processedAt.name)} = ${(batch.now ?? new Date()).toISOString()}::timestamptz,
        ${sql.identifier(table.outcome.name)} = applied.outcome
      from (values ${sql.join(applied, sql`, `)}) as applied(id, outcome)
      where ${table.id} = applied.id`)
  })
  return applied.length
}

/**
 * Stores a webhook's new events (rows of the columns named) in one statement, the ones already stored
 * (the same dedupe key) left as they are, and says how many were new. The statement commits without
 * waiting for the disk's flush (`synchronous_commit` off for its own transaction): the provider is
 * answered once the event is in the database, not once the disk has it, so a disk that stalls on flush
 * (300 ms seen on this kind of machine) holds no answer. What it risks is a database crash within a
 * second of the commit; an event lost that way is one the provider sends again, or the reconciler
 * fetches (docs/decisions/026-shiprocket.md). One statement is one round trip, where a transaction
 * with its own setting is four: at hundreds of events a second, the server's time went to the
 * database socket's writes.
 */
export async function storeNewEvents(
  db: Db,
  table: 'courier_events' | 'whatsapp_events',
  columns: Readonly<Record<string, 'text' | 'jsonb'>>,
  rows: readonly Record<string, unknown>[],
  receivedAt: Date,
): Promise<number> {
  const names = Object.keys(columns)
  const list = sql.raw(names.join(', '))
  const types = sql.raw(names.map((name) => `${name} ${columns[name]}`).join(', '))
  const result = (await db.execute(sql`
    insert into ${sql.identifier(table)} (${list}, received_at)
    select ${list}, ${receivedAt.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as event(${types})
    where set_config('synchronous_commit', 'off', true) = 'off'
    on conflict (dedupe_key) do nothing
    returning id`)) as unknown as { rows: unknown[] }
  return result.rows.length
}
