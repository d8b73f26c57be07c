// The Audit log tab: every admin change (app/platform/audit.server.ts).
import { AuditLog } from '#app/admin/audit-log.tsx'
import { auditTabLoader } from '#app/admin/audit-page.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.audit'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => auditTabLoader(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData ? <AuditLog {...loaderData} /> : null
}
