import { useRouteLoaderData } from 'react-router'
import type { PublicSettings } from './public-settings.ts'

/** The shop's settings as the root loader gave them to every page. */
export function useShopSettings(): PublicSettings | undefined {
  return useRouteLoaderData<{ settings: PublicSettings }>('root')?.settings
}

/** Showcase mode (on until the owner opens the shop): products show 'Coming Soon' instead of Add to Cart. */
export function useShowcaseMode(): boolean {
  return useShopSettings()?.showcaseMode ?? true
}
