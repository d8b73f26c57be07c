// /offline and /hi/offline: the pages the service worker keeps for navigations that fail offline.

import { getLocale } from '#app/paraglide/runtime.js'
import { servicesContext } from '#app/platform/services.server.ts'
import { offlinePageHtml } from '#app/pwa/offline-page.server.tsx'
import { getSettings } from '#app/settings/settings.server.ts'
import type { Route } from './+types/offline'

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getSettings(context.get(servicesContext).db)
  return new Response(offlinePageHtml(settings, getLocale()), {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      // The worker fetches it with cache: 'reload'; nobody else needs a copy.
      'Cache-Control': 'no-cache',
      'X-Robots-Tag': 'noindex',
    },
  })
}
