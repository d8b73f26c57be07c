import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'

/** The spec's 404 page ('Oops! Page not found' with a link home). */
export function NotFoundContent() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="font-serif text-6xl font-bold text-primary" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold">{m.not_found_title()}</h1>
      <p className="mt-4 text-muted-foreground">{m.not_found_text()}</p>
      <Button asChild className="mt-8">
        <Link to="/">{m.return_home()}</Link>
      </Button>
    </div>
  )
}
