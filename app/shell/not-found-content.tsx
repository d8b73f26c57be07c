import { Link } from '#app/i18n/links.tsx'
import { Button } from '#app/ui/button.tsx'

/** The spec's 404 page ('Oops! Page not found' with a link home). */
export function NotFoundContent() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="font-serif text-6xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-4 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  )
}
