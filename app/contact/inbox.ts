// The Messages tab's pure rules, shared by the server and the admin's browser: the list's filter and
// page cursor as the URL carries them, the shape of one message, and the reply-by-e-mail link.
// No I/O here.
import { z } from 'zod'

export const MESSAGES_PER_PAGE = 20

export const MESSAGE_FILTERS = ['all', 'unread'] as const
export type MessageFilter = (typeof MESSAGE_FILTERS)[number]

/** What a message's screen showed: when it was marked handled, or that it was unread. */
export const UNREAD_VERSION = 'unread'

/**
 * A page cursor: the last message's creation time in microseconds since 1970 (the database's own
 * precision, so two messages in one millisecond are never skipped) and its id.
 */
export interface MessageCursor {
  micros: string
  id: string
}

const CURSOR = /^(\d{1,17})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/

export function encodeMessageCursor(cursor: MessageCursor): string {
  return `${cursor.micros}_${cursor.id}`
}

/** null for a cursor that is not one of ours. */
export function decodeMessageCursor(value: string): MessageCursor | null {
  const match = CURSOR.exec(value)
  return match ? { micros: match[1]!, id: match[2]! } : null
}

export const messageListSchema = z
  .object({
    show: z.enum(MESSAGE_FILTERS, 'Show all messages or the unread ones.').optional(),
    cursor: z
      .string()
      .refine((value) => decodeMessageCursor(value) !== null, 'That page link is not valid. Start from the first page.')
      .optional(),
  })
  .strict()

export interface MessageListQuery {
  show: MessageFilter
  cursor: string | null
}

/** The list's query from the URL, or the first problem with it. */
export function parseMessageList(
  params: URLSearchParams,
): { ok: true; query: MessageListQuery } | { ok: false; message: string } {
  const parsed = messageListSchema.safeParse(Object.fromEntries(params))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      ok: false,
      message:
        issue?.code === 'unrecognized_keys'
          ? 'That filter is not one of the list’s filters.'
          : (issue?.message ?? 'Bad filter.'),
    }
  }
  return { ok: true, query: { show: parsed.data.show ?? 'all', cursor: parsed.data.cursor ?? null } }
}

export function messagesHref(query: { show?: MessageFilter; cursor?: string | null }): string {
  const params = new URLSearchParams()
  if (query.show && query.show !== 'all') params.set('show', query.show)
  if (query.cursor) params.set('cursor', query.cursor)
  const search = params.toString()
  return search ? `/admin/messages?${search}` : '/admin/messages'
}

export interface InboxMessage {
  id: string
  firstName: string
  lastName: string
  email: string
  /** +91XXXXXXXXXX, or null when not given. */
  phone: string | null
  message: string
  createdAt: string
  handledAt: string | null
  /** What the screen showed, sent back with a change so a stale screen cannot overwrite a newer one. */
  version: string
}

export interface InboxPage {
  messages: InboxMessage[]
  unread: number
  total: number
  query: MessageListQuery
  nextCursor: string | null
}

/** What a mark handled / unread answers: the toast the owner sees. */
export interface InboxResult {
  ok: boolean
  title: string
  message: string
  stale?: boolean
}

const QUOTE_LIMIT = 1500

/**
 * A mailto: link that opens the owner's mail program with the sender as recipient, the subject
 * 'Re: your message to {shop name}' and the message quoted. Every part is percent-encoded (RFC 6068),
 * so a message's '&', '?', '#' or line breaks cannot add or cut fields of the link.
 */
export function replyHref(
  message: Pick<InboxMessage, 'email' | 'firstName' | 'message' | 'createdAt'>,
  shopName: string,
  sentOn: string,
): string {
  const text = message.message.length > QUOTE_LIMIT ? `${message.message.slice(0, QUOTE_LIMIT)}…` : message.message
  const quoted = text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\r\n')
  const body = `Namaste ${message.firstName},\r\n\r\n\r\n\r\nOn ${sentOn}, you wrote:\r\n${quoted}\r\n`
  const subject = `Re: your message to ${shopName}`
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

const istDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
})

/** '20 Nov 2026, 3:30 pm': India time, however the owner's device is set. */
export function formatIstDateTime(iso: string): string {
  return istDateTime.format(new Date(iso))
}
