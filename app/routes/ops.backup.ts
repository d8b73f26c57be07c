// GET /ops/backup: a backup of the shop's database streamed to `npm run backup` on this machine (the
// embedded database can only be read by the process that holds it). Anyone else gets a plain 404.

import { writeBackup } from '#app/platform/backup.server.ts'
import { isLoopback, takeBackupRequest } from '#app/platform/backup-request.server.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import type { Route } from './+types/ops.backup'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config, logger } = context.get(servicesContext)
  const { clientIp } = context.get(requestContext)
  const token = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? null
  if (!isLoopback(clientIp) || !takeBackupRequest(config.dataDir, token)) {
    return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  }
  const headers = { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' }
  if (!config.databaseUrl) {
    // The embedded database has one connection, and the backup's snapshot holds it: orders wait until
    // it ends. The rows are read into memory at the database's pace (about 1.6 KB an order) and sent
    // after, so the wait does not also last as long as the command takes to receive them.
    const lines: string[] = []
    try {
      await writeBackup(db, 'pglite', (line) => {
        lines.push(line)
      })
    } catch (error) {
      logger.error({ err: error }, 'a backup failed')
      return new Response('The backup failed: the shop logged why.', { status: 500, headers })
    }
    const encoder = new TextEncoder()
    let next = 0
    return new Response(
      new ReadableStream<Uint8Array>({
        // About 64 KB at a time; each line is let go once sent.
        pull(controller) {
          if (next >= lines.length) return controller.close()
          let chunk = ''
          while (next < lines.length && chunk.length < 65_536) {
            chunk += lines[next]
            lines[next++] = ''
          }
          controller.enqueue(encoder.encode(chunk))
        },
      }),
      { headers },
    )
  }
  const { readable, writable } = new TransformStream<string, string>()
  const writer = writable.getWriter()
  writeBackup(db, 'postgres', (line) => writer.write(line))
    .then(() => writer.close())
    .catch((error) => {
      // The file stops short of its last line: `npm run backup` refuses it and says so.
      logger.error({ err: error }, 'a backup failed')
      writer.abort(error).catch(() => {})
    })
  return new Response(readable.pipeThrough(new TextEncoderStream()), { headers })
}
