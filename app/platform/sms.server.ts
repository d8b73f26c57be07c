// Outgoing SMS: Twilio when SMS_PROVIDER=twilio, otherwise a development outbox (one JSON file per
// message under DATA_DIR/sms-outbox, and a line in the server log) that people and tests can read.
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from './config.server.ts'
import type { Logger } from './logger.server.ts'

export interface SmsMessage {
  /** Canonical +91XXXXXXXXXX. */
  to: string
  text: string
  /** The text carries a code for someone else (a delivery OTP): the development log leaves it out. */
  sensitive?: boolean
}

export interface Sms {
  /** `key` (an outbox job's) names the development outbox's file, so a repeat replaces it. */
  send(message: SmsMessage, options?: { key?: string }): Promise<void>
}

export function smsOutboxFolder(dataDir: string): string {
  return path.resolve(dataDir, 'sms-outbox')
}

export function createSms(options: { sms: Config['sms']; dataDir: string; logger: Logger }): Sms {
  const { sms, logger } = options
  if (sms.provider === 'twilio') {
    const { accountId, authToken, sender } = sms
    if (!accountId || !authToken || !sender) {
      throw new Error('SMS_PROVIDER=twilio needs SMS_ACCOUNT_ID, SMS_AUTH_TOKEN and SMS_SENDER')
    }
    return {
      async send(message) {
        const response = await fetch(`https://api.twilio.com/2010-04-01/Accounts/${accountId}/Messages.json`, {
          method: 'POST',
          headers: {
            Authorization: `Basic ${Buffer.from(`${accountId}:${authToken}`).toString('base64')}`,
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: message.to, From: sender, Body: message.text }),
          signal: AbortSignal.timeout(10_000),
        })
        if (!response.ok) throw new Error(`the SMS provider answered ${response.status}`)
      },
    }
  }
  const folder = smsOutboxFolder(options.dataDir)
  return {
    async send(message, { key } = {}) {
      await mkdir(folder, { recursive: true })
      const file = path.join(folder, `${key ?? `${Date.now()}-${randomUUID()}`}.json`)
      const { sensitive, ...stored } = message
      await writeFile(file, JSON.stringify({ ...stored, sentAt: new Date().toISOString() }, null, 2))
      // Development only: a sign-in code in the log is what a developer needs to sign in; a code meant
      // for a customer (delivery OTP) stays out of it.
      logger.info(
        { to: message.to, ...(sensitive ? {} : { text: message.text }), file },
        'SMS written to the development outbox',
      )
    },
  }
}
