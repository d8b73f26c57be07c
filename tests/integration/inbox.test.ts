// The Messages tab against a real database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set):
// the contact form's messages newest first in keyset pages, the unread count, mark handled / unread
// with their audit records, and the refusals of the tab's action (bad form, stale screen, not admin).
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { listMessages, markMessage, unhandledMessageCount } from '#app/contact/inbox.server.ts'
import { MESSAGES_PER_PAGE, parseMessageList, replyHref } from '#app/contact/inbox.ts'
import { messagesAction, messagesTabLoader } from '#app/contact/inbox-routes.server.ts'
import { contactMessages } from '#app/contact/schema.ts'
import { sendContactMessage } from '#app/contact/send-message.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { auditLog } from '#app/platform/schema.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { standInServices } from './route-answer.ts'

const logger = createLogger('silent')
const ORIGIN = 'http://shop.test'

type Answer = { data: { ok: boolean; title: string; message: string; stale?: boolean }; init: ResponseInit | null }

describe.each(DATABASE_KINDS)('the Messages tab on %s', (kind) => {
  let database: Database
  let db: Database['db']
  const owner = { id: 'owner', name: 'Shop Owner', email: 'owner@shop.test' }
  const sessions = new Map([
    ['malwa.session_token=owner', { ...owner, role: 'admin' }],
    ['malwa.session_token=asha', { id: 'asha', name: 'Asha Verma', email: 'asha@example.in', role: 'customer' }],
  ])
  let services: Services
  const context = () =>
    createLoadContext(services, { requestId: 'test', nonce: '', clientIp: '198.51.100.1', log: logger })
  const post = async (
    fields: Record<string, string>,
    cookie = 'malwa.session_token=owner',
    origin = ORIGIN,
  ): Promise<Answer> => {
    const request = new Request(`${ORIGIN}/admin/messages`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { cookie, origin },
    })
    try {
      return (await messagesAction({ request, context: context() })) as unknown as Answer
    } catch (thrown) {
      if (thrown instanceof Response)
        return { data: { ok: false, title: '', message: await thrown.text() }, init: thrown }
      return thrown as Answer
    }
  }
  let sent = 0
  /** A message through the contact form itself, from an address of its own (the form is rate-limited). */
  const send = async (firstName: string, message = 'Do you send Ratlami sev to Pune?', createdAt?: Date) => {
    sent += 1
    const result = await sendContactMessage(db, {
      values: { firstName, lastName: 'Verma', email: `${firstName.toLowerCase()}@example.in`, phone: '', message },
      clientIp: `198.51.100.${sent % 250}`,
      now: createdAt?.getTime(),
    })
    if (result.status !== 'sent') throw new Error(`not sent: ${JSON.stringify(result)}`)
    return result.messageId
  }
  const handledAt = async (id: string) =>
    (await db.select({ at: contactMessages.handledAt }).from(contactMessages).where(eq(contactMessages.id, id)))[0]!.at

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    services = standInServices(database, ORIGIN, sessions)
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.insert(users).values({ ...owner, role: 'admin' })
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(contactMessages)
    await db.delete(auditLog)
  })

  it('lists messages newest first in pages, without skipping two sent in the same millisecond', async () => {
    const at = new Date('2026-11-20T10:00:00.000Z')
    const ids: string[] = []
    for (let i = 0; i < MESSAGES_PER_PAGE + 5; i++) ids.push(await send(`Asha${'a'.repeat(i % 3)}`, undefined, at))
    // One newer message on top.
    const newest = await send('Ravi', 'Please call me back about a wedding order.', new Date('2026-11-21T10:00:00Z'))

    const first = await listMessages(db, { show: 'all', cursor: null })
    expect(first.messages).toHaveLength(MESSAGES_PER_PAGE)
    expect(first.messages[0]!.id).toBe(newest)
    expect(first.total).toBe(ids.length + 1)
    expect(first.unread).toBe(ids.length + 1)
    expect(first.nextCursor).not.toBeNull()
    const second = await listMessages(db, { show: 'all', cursor: first.nextCursor })
    expect(second.nextCursor).toBeNull()
    const seen = [...first.messages, ...second.messages].map((message) => message.id)
    expect(new Set(seen).size).toBe(ids.length + 1)
    expect(seen.sort()).toEqual([...ids, newest].sort())
  })

  it('marks a message handled and unread again, counts the unread, filters them, and records both in the audit log', async () => {
    const asha = await send('Asha')
    const ravi = await send('Ravi')
    expect(await unhandledMessageCount(db)).toBe(2)

    const handled = await post({ intent: 'handled', messageId: asha, version: 'unread' })
    expect(handled.init?.status ?? 200).toBe(200)
    expect(handled.data).toEqual({ ok: true, title: 'Marked handled', message: 'The message from Asha Verma.' })
    expect(await handledAt(asha)).toBeInstanceOf(Date)
    expect(await unhandledMessageCount(db)).toBe(1)
    const unread = await listMessages(db, { show: 'unread', cursor: null })
    expect(unread.messages.map((message) => message.id)).toEqual([ravi])
    expect(unread.unread).toBe(1)

    const [view] = (await listMessages(db, { show: 'all', cursor: null })).messages.filter((m) => m.id === asha)
    const reopened = await post({ intent: 'unread', messageId: asha, version: view!.version })
    expect(reopened.data).toMatchObject({ ok: true, title: 'Marked unread' })
    expect(await handledAt(asha)).toBeNull()
    expect(await unhandledMessageCount(db)).toBe(2)

    const trail = await db.select().from(auditLog).orderBy(auditLog.id)
    expect(trail.map((row) => [row.action, row.entity, row.entityId, row.actorId, row.actorEmail])).toEqual([
      ['message.handled', 'message', asha, 'owner', 'owner@shop.test'],
      ['message.unread', 'message', asha, 'owner', 'owner@shop.test'],
    ])
    expect(trail[0]!.label).toBe('Message from Asha Verma <asha@example.in>')
    expect(trail[0]!.before).toEqual({ handledAt: null })
    expect(trail[1]!.after).toEqual({ handledAt: null })
  })

  it('refuses a change from an out-of-date screen, a repeated one and a bad form, changing nothing', async () => {
    const id = await send('Asha')
    await markMessage(db, owner, { messageId: id, handled: true, version: 'unread' })
    const at = await handledAt(id)

    // Another tab still shows it unread: its Mark handled must not move the handled time.
    const stale = await post({ intent: 'handled', messageId: id, version: 'unread' })
    expect(stale.init?.status).toBe(409)
    expect(stale.data).toMatchObject({ ok: false, stale: true })
    expect(stale.data.message).toBe(
      'The message from Asha Verma was changed while you were looking at it (it is now handled). The list has been reloaded.',
    )
    const again = await post({ intent: 'handled', messageId: id, version: at!.toISOString() })
    expect(again.init?.status).toBe(409)
    expect(again.data.message).toBe('The message from Asha Verma is already handled.')

    const cases: [Record<string, string>, number, string][] = [
      [{ intent: 'delete', messageId: id, version: 'unread' }, 400, 'That is not something a message can do.'],
      [
        { intent: 'unread', messageId: id, version: 'last week' },
        400,
        'This screen is out of date: reload it and try again.',
      ],
      [{ intent: 'unread', messageId: 'not-an-id', version: 'unread' }, 404, 'This message does not exist.'],
      [{ intent: 'unread', messageId: randomUUID(), version: 'unread' }, 404, 'This message does not exist.'],
      [{ intent: 'unread', messageId: id, version: at!.toISOString(), handledAt: '' }, 400, ''],
    ]
    for (const [fields, status, message] of cases) {
      const refused = await post(fields)
      expect(refused.init?.status, JSON.stringify(fields)).toBe(status)
      if (message) expect(refused.data.message).toBe(message)
    }
    expect(await handledAt(id)).toEqual(at)
    expect(await db.$count(auditLog)).toBe(1)
  })

  it('answers 403 to a customer, to nobody and to a cross-site form, changing nothing', async () => {
    const id = await send('Asha')
    for (const cookie of ['malwa.session_token=asha', 'nobody']) {
      expect((await post({ intent: 'handled', messageId: id, version: 'unread' }, cookie)).init?.status).toBe(403)
    }
    const crossSite = await post(
      { intent: 'handled', messageId: id, version: 'unread' },
      'malwa.session_token=owner',
      'https://evil.example',
    )
    expect(crossSite.init?.status).toBe(403)
    expect(await handledAt(id)).toBeNull()
    // The tab shows nothing to anyone but the admin.
    const request = new Request(`${ORIGIN}/admin/messages`, { headers: { cookie: 'malwa.session_token=asha' } })
    expect(await messagesTabLoader({ request, context: context() })).toBeNull()
  })

  it('refuses a filter or page link that is not the list’s', () => {
    expect(parseMessageList(new URLSearchParams('show=unread'))).toEqual({
      ok: true,
      query: { show: 'unread', cursor: null },
    })
    expect(parseMessageList(new URLSearchParams('show=spam'))).toEqual({
      ok: false,
      message: 'Show all messages or the unread ones.',
    })
    expect(parseMessageList(new URLSearchParams('cursor=abc'))).toEqual({
      ok: false,
      message: 'That page link is not valid. Start from the first page.',
    })
    expect(parseMessageList(new URLSearchParams('sort=oldest'))).toEqual({
      ok: false,
      message: 'That filter is not one of the list’s filters.',
    })
  })

  it('builds a reply link whose subject and quoted text cannot break out of their fields', () => {
    const href = replyHref(
      {
        email: 'asha+orders@example.in',
        firstName: 'Asha',
        message: 'Price?\nAlso: 2 & 3 kg? #urgent &cc=evil@example.com',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      'Malwa Namkeen',
      '20 Nov 2026, 3:30 pm',
    )
    const url = new URL(href)
    expect(url.protocol).toBe('mailto:')
    expect(decodeURIComponent(url.pathname)).toBe('asha+orders@example.in')
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body'])
    expect(url.searchParams.get('subject')).toBe('Re: your message to Malwa Namkeen')
    expect(url.searchParams.get('body')).toBe(
      'Namaste Asha,\r\n\r\n\r\n\r\nOn 20 Nov 2026, 3:30 pm, you wrote:\r\n> Price?\r\n> Also: 2 & 3 kg? #urgent &cc=evil@example.com\r\n',
    )
    expect(url.hash).toBe('')
  })
})
