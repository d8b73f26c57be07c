// POST /reviews: a signed-in shopper reviews a product they received (app/reviews). No page of its own.
import { reviewAction } from '#app/reviews/review-routes.server.ts'
import type { Route } from './+types/reviews'

export function loader() {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
}

export const action = (args: Route.ActionArgs) => reviewAction(args)
