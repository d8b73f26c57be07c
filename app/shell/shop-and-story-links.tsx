import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'

/** The two calls to action on dark bands: to the products and to the shop's story. */
export function ShopAndStoryLinks({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-wrap gap-3', className)}>
      <Button asChild size="lg" variant="spice">
        <Link to="/products">{m.shop_namkeen()}</Link>
      </Button>
      <Button asChild size="lg" variant="onDark">
        <Link to="/about">{m.our_story()}</Link>
      </Button>
    </div>
  )
}
