import { AboutPage } from '#app/content/about-page.tsx'
import { m } from '#app/paraglide/messages.js'
import { pageMeta } from '#app/seo/page-meta.ts'
import { READING_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/about'

export const handle = READING_PAGE

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: m.seo_about_title(), description: m.seo_about_description() })

export default function About({ matches }: Route.ComponentProps) {
  return <AboutPage settings={matches[0].loaderData.settings} />
}
