// The Audit log tab (/admin/audit): nothing for anyone but the admin, whose login form the layout shows.
import type { RouterContextProvider } from 'react-router'
import { listAudit } from '#app/platform/audit.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { AUDIT_ENTITIES } from './audit-entities.ts'
import { findAdmin } from './guard.server.ts'

export async function auditTabLoader({
  request,
  context,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
}) {
  if (!(await findAdmin(request, context))) return null
  const url = new URL(request.url)
  const asked = url.searchParams.get('entity') ?? ''
  const entity = Object.hasOwn(AUDIT_ENTITIES, asked) ? asked : ''
  const before = Number(url.searchParams.get('before'))
  const { db } = context.get(servicesContext)
  const page = await listAudit(db, {
    entity: entity || undefined,
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
  })
  return { entity, ...page }
}
