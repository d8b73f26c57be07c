import { BookOpen } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { ShopAndStoryLinks } from '#app/shell/shop-and-story-links.tsx'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { PostCard, PostCardSkeleton } from './post-card.tsx'
import type { PostSummary } from './post-view.ts'

/** The list: the newest post wide across the top, the others in a grid below. */
export function BlogList({ posts }: { posts: PostSummary[] }) {
  if (posts.length === 0) return <NoPostsYet />
  // Below the newest post: rows of three on wide screens, unless that would leave a row half empty.
  const others = posts.length - 1
  const threeColumns = others >= 3 && others !== 4
  return (
    <ul className={cn('grid gap-6 md:grid-cols-2', threeColumns && 'lg:grid-cols-3')} aria-label={m.blog_posts()}>
      {posts.map((post, index) => (
        <li key={post.slug} className={index === 0 ? 'col-span-full' : undefined}>
          <PostCard post={post} featured={index === 0} priority={index === 0} />
        </li>
      ))}
    </ul>
  )
}

/** While a client-side navigation fetches the list. */
export function BlogListLoading() {
  return (
    <div>
      <p role="status" className="mb-6 text-muted-foreground">
        {m.loading_blog_posts()}
      </p>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    </div>
  )
}

/** No published post (or the list could not be read: the spec shows the same). */
export function NoPostsYet() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent/40 text-primary">
        <BookOpen className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 text-2xl font-bold">{m.no_blog_posts()}</h2>
      <p className="mt-3 max-w-md text-muted-foreground">{m.no_blog_posts_text()}</p>
      <Button asChild className="mt-6">
        <Link to="/products">{m.browse_our_namkeen()}</Link>
      </Button>
    </div>
  )
}

/** Below the list (or the empty state): on to the namkeen itself, or to the people who make it. */
export function BlogCallToAction({ shopName }: { shopName: string }) {
  return (
    <section
      aria-labelledby="blog-cta-title"
      className="mt-16 overflow-hidden rounded-2xl bg-brown px-6 py-10 text-center text-[oklch(0.93_0.03_85)] sm:px-10 sm:py-12"
    >
      <h2 id="blog-cta-title" className="text-2xl font-bold text-white sm:text-3xl">
        {m.blog_cta_title()}
      </h2>
      <p className="mx-auto mt-3 max-w-xl">{m.blog_cta_text({ shopName })}</p>
      <ShopAndStoryLinks className="mt-7 justify-center" />
    </section>
  )
}
