// /manifest.webmanifest: the shop installable under its own name.

import { servicesContext } from '#app/platform/services.server.ts'
import { webManifest } from '#app/pwa/web-manifest.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import type { Route } from './+types/manifest.webmanifest'

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getSettings(context.get(servicesContext).db)
  return new Response(JSON.stringify(webManifest(settings)), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      // A renamed shop reaches browsers within the hour.
      'Cache-Control': 'public, max-age=3600',
    },
  })
}
