import { AboutPage } from '#app/content/about-page.tsx'
import { pageMeta } from '#app/seo/page-meta.ts'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'about' })

export default function About({ matches }: Route.ComponentProps) {
  return <AboutPage settings={matches[0].loaderData.settings} />
}
