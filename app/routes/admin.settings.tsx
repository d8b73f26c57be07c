// The Settings tab: the shop's details, delivery terms, coupons, home page claims and showcase mode (app/settings).
import { SettingsTab } from '#app/settings/admin/settings-tab.tsx'
import { settingsAction, settingsTabLoader } from '#app/settings/settings-routes.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.settings'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => settingsTabLoader(args)
export const action = (args: Route.ActionArgs) => settingsAction(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData ? <SettingsTab data={loaderData} /> : null
}
