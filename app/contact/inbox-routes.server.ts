// The Messages tab's HTTP side: the list read from the URL, and mark handled / unread refused with a
// 4xx and a sentence when the form is wrong or out of date. Every function asks the admin guard first.
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { assertSameOrigin } from '#app/accounts/session.server.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { InboxError, listMessages, markMessage } from './inbox.server.ts'
import { type InboxResult, parseMessageList, UNREAD_VERSION } from './inbox.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

const NO_STORE = { 'Cache-Control': 'no-store' }

/** The Messages tab: nothing for anyone but the admin, whose login form the layout shows. */
export async function messagesTabLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const { db } = context.get(servicesContext)
  const parsed = parseMessageList(new URL(request.url).searchParams)
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400, headers: NO_STORE })
  return data({ page: await listMessages(db, parsed.query) }, { headers: NO_STORE })
}

const STALE = 'This screen is out of date: reload it and try again.'

const markSchema = z
  .object({
    intent: z.enum(['handled', 'unread'], 'That is not something a message can do.'),
    messageId: z.uuid('This message does not exist.'),
    version: z.union([z.literal(UNREAD_VERSION), z.iso.datetime({ message: STALE })], STALE),
  })
  .strict()

const ERROR_STATUS: Record<InboxError['kind'], number> = { 'not-found': 404, stale: 409, unchanged: 409 }

function answer(result: InboxResult, status = result.ok ? 200 : 400) {
  return data(result, { status, headers: NO_STORE })
}

export async function messagesAction({ request, context }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const parsed = markSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const notFound = issue?.path[0] === 'messageId'
    return answer(
      { ok: false, title: 'Message not changed', message: issue?.message ?? 'Bad request.' },
      notFound ? 404 : 400,
    )
  }
  const { intent, messageId, version } = parsed.data
  try {
    const message = await markMessage(db, admin, { messageId, handled: intent === 'handled', version })
    return answer({
      ok: true,
      title: intent === 'handled' ? 'Marked handled' : 'Marked unread',
      message: `The message from ${message.firstName} ${message.lastName}.`,
    })
  } catch (error) {
    if (error instanceof InboxError) {
      return answer(
        { ok: false, title: 'Message not changed', message: error.message, stale: error.kind === 'stale' },
        ERROR_STATUS[error.kind],
      )
    }
    logger.error({ err: error, messageId, intent }, 'marking a message failed')
    return answer({ ok: false, title: 'Message not changed', message: 'Something went wrong. Please try again.' }, 500)
  }
}
