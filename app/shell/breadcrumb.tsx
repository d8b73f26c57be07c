import { ChevronRight } from 'lucide-react'
import { isRouteErrorResponse, useMatches, useRouteError } from 'react-router'
import { Link } from '#app/i18n/links.tsx'
import { pathWithoutLocale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { breadcrumbTrail, hasCrumbs, notFoundTrail } from './breadcrumb-trail.ts'

/**
 * Shown on every page but home: one crumb per path segment, or the crumbs the page's route names
 * (CrumbsHandle); the last one is not a link. A page that does not exist (a 404 from a loader, caught by
 * the root's error boundary, or the catch-all route's own crumbs) ends with 'Page Not Found'.
 */
export function Breadcrumb({ pathname }: { pathname: string }) {
  const error = useRouteError()
  const named = useMatches().findLast((match) => hasCrumbs(match.handle))
  const trail =
    isRouteErrorResponse(error) && error.status === 404
      ? notFoundTrail(pathWithoutLocale(pathname))
      : named && hasCrumbs(named.handle)
        ? [{ label: m.nav_home(), path: '/' }, ...named.handle.crumbs(named.params, named.loaderData)]
        : breadcrumbTrail(pathWithoutLocale(pathname))
  if (trail.length < 2) return null
  return (
    <nav aria-label={m.breadcrumb()} className="mx-auto max-w-6xl px-4 pt-4 text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 && <ChevronRight className="size-3.5" aria-hidden />}
              {last ? (
                <span aria-current="page" className="font-medium text-foreground">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.path} className="hover:text-primary hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
