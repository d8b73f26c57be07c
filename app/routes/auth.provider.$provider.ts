import { startProvider } from '#app/accounts/auth-page.server.ts'
import type { Route } from './+types/auth.provider.$provider'

export const loader = (args: Route.LoaderArgs) => startProvider(args)
