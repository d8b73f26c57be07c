// Outgoing e-mail: SMTP when SMTP_URL is set, otherwise a development mailbox (one JSON file per
// message under DATA_DIR/mailbox) that people and tests can read. nodemailer is imported with the
// first message sent, not at start-up.
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from './logger.server.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** The same message as HTML, for mail clients that show it. */
  html?: string
  replyTo?: string
}

export interface Mailer {
  /**
   * `key` (an outbox job's) makes a repeat of the same message recognisable: it becomes the
   * Message-ID, which mail servers and clients deduplicate by, and the development mailbox's file name.
   */
  send(message: MailMessage, options?: { key?: string }): Promise<void>
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const { smtpUrl } = options
    let transport: Promise<import('nodemailer').Transporter> | undefined
    const domain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? 'localhost'
    return {
      async send(message, { key } = {}) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
        await (await transport).sendMail({
          from: options.from,
          ...message,
          ...(key ? { messageId: `<${key}@${domain}>` } : {}),
        })
      },
    }
  }
  const folder = mailboxFolder(options.dataDir)
  return {
    async send(message, { key } = {}) {
      await mkdir(folder, { recursive: true })
      const file = path.join(folder, `${key ?? `${Date.now()}-${randomUUID()}`}.json`)
      await writeFile(
        file,
        JSON.stringify({ from: options.from, ...message, sentAt: new Date().toISOString() }, null, 2),
      )
      options.logger.info(
        { to: message.to, subject: message.subject, file },
        'e-mail written to the development mailbox',
      )
    },
  }
}

export function mailboxFolder(dataDir: string): string {
  return path.resolve(dataDir, 'mailbox')
}
