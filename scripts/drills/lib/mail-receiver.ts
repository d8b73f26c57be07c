// A real SMTP server on a loopback port for a drill's shop (SMTP_URL): keeps every message it
// receives with its Message-ID, the key a repeat of the same message carries again.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  messageId: string | null
  subject: string
  to: string[]
}

export async function startMailReceiver() {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        const head = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ')
        const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? null
        received.push({
          messageId: header('Message-ID'),
          subject: header('Subject') ?? '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        })
        callback()
      })
    },
  })
  // A shop killed mid-conversation resets its connection (ECONNRESET): that is the drill, not a fault
  // of the receiver, and without a listener the error would end the drill's own process.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
