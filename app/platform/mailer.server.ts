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
  send(message: MailMessage): Promise<void>
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const { smtpUrl } = options
    let transport: Promise<import('nodemailer').Transporter> | undefined
    return {
      async send(message) {
        transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
        await (await transport).sendMail({ from: options.from, ...message })
      },
    }
  }
  const folder = mailboxFolder(options.dataDir)
  return {
    async send(message) {
      await mkdir(folder, { recursive: true })
      const file = path.join(folder, `${Date.now()}-${randomUUID()}.json`)
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
