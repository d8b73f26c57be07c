// An order's WhatsApp notices for the owner's desk (app/whatsapp/notice-view.ts), oldest first.
import { asc, eq } from 'drizzle-orm'
import type { Tx } from '#app/platform/db.server.ts'
import type { WhatsAppNoticeView } from './notice-view.ts'
import { whatsappMessages } from './schema.ts'

export async function orderWhatsAppNotices(db: Tx, orderId: string): Promise<WhatsAppNoticeView[]> {
  const rows = await db
    .select({
      id: whatsappMessages.id,
      template: whatsappMessages.template,
      audience: whatsappMessages.audience,
      status: whatsappMessages.status,
      statusAt: whatsappMessages.statusAt,
      updatedAt: whatsappMessages.updatedAt,
      errorCode: whatsappMessages.errorCode,
      errorTitle: whatsappMessages.errorTitle,
    })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.orderId, orderId))
    .orderBy(asc(whatsappMessages.createdAt), asc(whatsappMessages.id))
  return rows.map(({ statusAt, updatedAt, ...row }) => ({
    ...row,
    statusAt: (statusAt ?? updatedAt).toISOString(),
  }))
}
