import { ArrowRight } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { PostCard } from './post-card.tsx'
import type { PostSummary } from './post-view.ts'

const PRODUCT_LINKS = [
  {
    to: `/products?category=${encodeURIComponent('Premium Products')}`,
    label: m.premium_namkeen,
    text: m.premium_namkeen_text,
  },
  {
    to: `/products?category=${encodeURIComponent('Satwik Products')}`,
    label: m.satwik_namkeen,
    text: m.satwik_namkeen_text,
  },
  { to: '/products?section=featured', label: m.our_bestsellers_link, text: m.our_bestsellers_link_text },
] as const

/** The end of a post: other recent posts, then the namkeen itself. */
export function RelatedLinks({ posts }: { posts: PostSummary[] }) {
  return (
    <div className="mx-auto max-w-6xl px-4">
      {posts.length > 0 && (
        <section aria-labelledby="more-stories-title" className="mt-16">
          <h2 id="more-stories-title" className="text-2xl font-bold sm:text-3xl">
            {m.more_from_blog()}
          </h2>
          <ul className={cn('mt-6 grid gap-6 md:grid-cols-2', posts.length >= 3 && 'lg:grid-cols-3')}>
            {posts.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section
        aria-labelledby="taste-title"
        className="mt-16 rounded-2xl border bg-card px-6 py-8 shadow-sm sm:px-10 sm:py-10"
      >
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="taste-title" className="text-2xl font-bold sm:text-3xl">
              {m.taste_title()}
            </h2>
            <p className="mt-2 text-muted-foreground">{m.taste_text()}</p>
          </div>
          <Button asChild>
            <Link to="/products">{m.shop_all_namkeen()}</Link>
          </Button>
        </div>
        <ul className="mt-6 grid gap-3 sm:grid-cols-3">
          {PRODUCT_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="group flex h-full items-center justify-between gap-3 rounded-xl border bg-background px-4 py-3 transition-colors hover:border-primary/50 hover:bg-secondary/60"
              >
                <span>
                  <span className="block font-semibold text-brown">{link.label()}</span>
                  <span className="block text-sm text-muted-foreground">{link.text()}</span>
                </span>
                <ArrowRight
                  className="size-4 shrink-0 text-primary transition-transform group-hover:translate-x-0.5"
                  aria-hidden
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
