// The Reviews tab: approve or hide shoppers' reviews (app/reviews).
import { isRouteErrorResponse, Link } from 'react-router'
import { ReviewsTab } from '#app/reviews/admin/reviews-tab.tsx'
import { reviewsAdminAction, reviewsTabLoader } from '#app/reviews/review-routes.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.reviews'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => reviewsTabLoader(args)
export const action = (args: Route.ActionArgs) => reviewsAdminAction(args)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData ? <ReviewsTab page={loaderData.page} answer={actionData} /> : null
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const badFilter = isRouteErrorResponse(error) && error.status === 400
  return (
    <div role="alert" className="mt-6 rounded-xl border border-destructive/40 bg-card p-6">
      <p className="font-semibold text-destructive">Failed to load reviews</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {badFilter ? (error.data as { message: string }).message : 'Please reload the page in a moment.'}
      </p>
      <Link to="/admin/reviews" className="mt-3 inline-block text-sm font-semibold text-primary underline">
        Show all reviews
      </Link>
    </div>
  )
}
