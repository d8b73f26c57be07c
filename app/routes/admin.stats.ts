// The stat cards as JSON, for the admin only.
import { requireAdmin } from '#app/admin/guard.server.ts'
import { getAdminStats } from '#app/admin/stats.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import type { Route } from './+types/admin.stats'

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context)
  const stats = await getAdminStats(context.get(servicesContext).db)
  return Response.json(stats, { headers: { 'Cache-Control': 'no-store' } })
}
