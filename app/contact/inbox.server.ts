// The contact form's inbox for the owner: messages newest first a page at a time, how many are still
// unread, and marking one handled or unread again (with its audit record, in one transaction).
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '#app/platform/audit.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import {
  decodeMessageCursor,
  encodeMessageCursor,
  type InboxMessage,
  type InboxPage,
  MESSAGES_PER_PAGE,
  type MessageListQuery,
  UNREAD_VERSION,
} from './inbox.ts'
import { contactMessages } from './schema.ts'

/** Messages nobody has marked handled yet: the Messages tab's badge. */
export async function unhandledMessageCount(db: Tx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contactMessages).where(isNull(contactMessages.handledAt))
  return Number(row?.value ?? 0)
}

const createdMicros = sql<string>`(extract(epoch from ${contactMessages.createdAt}) * 1000000)::bigint::text`

type Row = typeof contactMessages.$inferSelect

export function messageVersion(row: Pick<Row, 'handledAt'>): string {
  return row.handledAt ? row.handledAt.toISOString() : UNREAD_VERSION
}

function toView(row: Row): InboxMessage {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    version: messageVersion(row),
  }
}

/** One page of the inbox, newest first (the (created_at, id) index answers it). */
export async function listMessages(db: Tx, query: MessageListQuery): Promise<InboxPage> {
  const conditions: SQL[] = []
  if (query.show === 'unread') conditions.push(isNull(contactMessages.handledAt))
  const cursor = query.cursor ? decodeMessageCursor(query.cursor) : null
  if (cursor) {
    conditions.push(
      sql`(${contactMessages.createdAt}, ${contactMessages.id}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`,
    )
  }
  const [rows, [totals]] = await Promise.all([
    db
      .select({ row: contactMessages, micros: createdMicros })
      .from(contactMessages)
      .where(and(...conditions))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(MESSAGES_PER_PAGE + 1),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${contactMessages.handledAt} is null)::int`,
      })
      .from(contactMessages),
  ])
  const page = rows.slice(0, MESSAGES_PER_PAGE)
  const last = page.at(-1)
  return {
    messages: page.map(({ row }) => toView(row)),
    unread: Number(totals?.unread ?? 0),
    total: Number(totals?.total ?? 0),
    query,
    nextCursor:
      rows.length > MESSAGES_PER_PAGE && last ? encodeMessageCursor({ micros: last.micros, id: last.row.id }) : null,
  }
}

export class InboxError extends Error {
  override name = 'InboxError'
  readonly kind: 'not-found' | 'stale' | 'unchanged'
  constructor(kind: InboxError['kind'], message: string) {
    super(message)
    this.kind = kind
  }
}

/**
 * Marks a message handled (or unread again). `version` is what the owner's screen showed (when it was
 * handled, or 'unread'): a message that changed since is left alone and the owner is told.
 */
export async function markMessage(
  db: Db,
  actor: AuditActor,
  input: { messageId: string; handled: boolean; version: string },
  now = new Date(),
): Promise<InboxMessage> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, input.messageId)).for('update')
    if (!row) throw new InboxError('not-found', 'This message does not exist.')
    const from = `${row.firstName} ${row.lastName}`
    if (messageVersion(row) !== input.version) {
      throw new InboxError(
        'stale',
        `The message from ${from} was changed while you were looking at it (it is now ${row.handledAt ? 'handled' : 'unread'}). The list has been reloaded.`,
      )
    }
    if (Boolean(row.handledAt) === input.handled) {
      throw new InboxError('unchanged', `The message from ${from} is already ${input.handled ? 'handled' : 'unread'}.`)
    }
    const [updated] = await tx
      .update(contactMessages)
      .set({ handledAt: input.handled ? now : null })
      .where(eq(contactMessages.id, row.id))
      .returning()
    await recordAudit(tx, actor, {
      action: input.handled ? 'message.handled' : 'message.unread',
      entity: 'message',
      entityId: row.id,
      label: `Message from ${from} <${row.email}>`,
      before: { handledAt: row.handledAt },
      after: { handledAt: updated!.handledAt },
    })
    return toView(updated!)
  })
}
