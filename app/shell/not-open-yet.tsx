import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import { PageHeading } from './page-heading.tsx'

/** An honest page for a part of the shop that is not open yet. */
export function NotOpenYet({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeading title={title}>
        <p>{m.not_open_yet_text({ what })}</p>
      </PageHeading>
      <div className="mx-auto flex max-w-6xl flex-wrap gap-3 px-4">
        <Button asChild>
          <Link to="/products">{m.not_open_yet_browse()}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact">{m.not_open_yet_contact()}</Link>
        </Button>
      </div>
    </>
  )
}
