import { Link } from '#app/i18n/links.tsx'
import { Button } from '#app/ui/button.tsx'
import { PageHeading } from './page-heading.tsx'

/** An honest page for a part of the shop that is not open yet. */
export function NotOpenYet({ title, what }: { title: string; what: string }) {
  return (
    <>
      <PageHeading title={title}>
        <p>{what} is not open yet. Until it is, you can browse our namkeen or call us to order.</p>
      </PageHeading>
      <div className="mx-auto flex max-w-6xl flex-wrap gap-3 px-4">
        <Button asChild>
          <Link to="/products">Browse products</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/contact">Contact us</Link>
        </Button>
      </div>
    </>
  )
}
