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
  const { readable, writable } = new TransformStream<string, string>()
  const writer = writable.getWriter()
  writeBackup(db, config.databaseUrl ? 'postgres' : 'pglite', (line) => writer.write(line))
    .then(() => writer.close())
    .catch((error) => {
      // The file stops short of its last line: `npm run backup` refuses it and says so.
      logger.error({ err: error }, 'a backup failed')
      writer.abort(error).catch(() => {})
    })
  return new Response(readable.pipeThrough(new TextEncoderStream()), {
    headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
