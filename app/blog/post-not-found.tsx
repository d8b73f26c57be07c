import { ArrowLeft, BookX } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'

/** The spec's not-found state of a post: an unknown slug, a draft, or a post that could not be read. */
export function PostNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-20">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-accent/40 text-primary">
        <BookX className="size-8" aria-hidden />
      </span>
      <h1 className="mt-6 text-3xl font-bold sm:text-4xl">{m.post_not_found()}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{m.post_not_found_text()}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/blog">
            <ArrowLeft aria-hidden />
            {m.back_to_blog()}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/products">{m.browse_our_namkeen()}</Link>
        </Button>
      </div>
    </div>
  )
}
