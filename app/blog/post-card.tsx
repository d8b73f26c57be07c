import { ArrowRight } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Badge } from '#app/ui/badge.tsx'
import { cn } from '#app/ui/cn.ts'
import { PAGE_WIDE_ON_A_PHONE, ShopImage } from '#app/ui/shop-image.tsx'
import { Skeleton } from '#app/ui/skeleton.tsx'
import { PostByline } from './post-byline.tsx'
import { type PostSummary, postImage } from './post-view.ts'

interface PostCardProps {
  post: PostSummary
  /** h2 on the blog list, h3 under a section heading. */
  headingLevel?: 'h2' | 'h3'
  /** The newest post on the list: wide, image beside the text. */
  featured?: boolean
  /** Above the fold: the image loads at once. */
  priority?: boolean
}

/**
 * A post's card. The whole card is one link target (the 'Read Full Article' link stretches over it),
 * so keyboard and screen-reader users meet one link per card, not three.
 */
export function PostCard({ post, headingLevel: Heading = 'h2', featured = false, priority = false }: PostCardProps) {
  return (
    <article
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring/60 hover:shadow-md',
        featured && 'md:grid md:grid-cols-2',
      )}
    >
      {/* The title below says what the picture is about: it is decoration for assistive technology.
          Beside the text (featured), the picture fills its half of the card whatever the text's height. */}
      <div className={cn(featured && 'relative md:min-h-72')}>
        <ShopImage
          src={postImage(post.imageUrl)}
          alt=""
          width={640}
          height={360}
          sizes={featured ? FEATURED_SIZES : CARD_SIZES}
          priority={priority}
          className={cn(featured && 'md:absolute md:inset-0 md:aspect-auto! md:size-full')}
        />
      </div>
      <div className={cn('flex flex-1 flex-col gap-3 p-5', featured && 'md:justify-center md:gap-4 md:p-8')}>
        {featured && (
          <Badge variant="accent" className="self-start">
            {m.latest_story()}
          </Badge>
        )}
        <PostByline post={post} />
        <Heading
          className={cn(
            'leading-snug font-bold transition-colors group-hover:text-primary',
            featured ? 'text-2xl sm:text-3xl' : 'text-xl',
          )}
        >
          {post.title}
        </Heading>
        <p className={cn('text-muted-foreground', !featured && 'line-clamp-3')}>{post.excerpt}</p>
        <Link
          to={`/blog/${post.slug}`}
          prefetch="intent"
          className="mt-auto inline-flex items-center gap-1.5 pt-2 font-semibold text-primary outline-none after:absolute after:inset-0 hover:underline"
        >
          {m.read_full_article()}
          <span className="sr-only">: {post.title}</span>
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
        </Link>
      </div>
    </article>
  )
}

const FEATURED_SIZES = `(min-width: 1152px) 560px, (min-width: 768px) 50vw, ${PAGE_WIDE_ON_A_PHONE}`
const CARD_SIZES = `(min-width: 1152px) 360px, (min-width: 768px) 45vw, ${PAGE_WIDE_ON_A_PHONE}`

/** Stands in for a card while the list loads. */
export function PostCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm" aria-hidden>
      <Skeleton className="aspect-video rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-6 w-5/6" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  )
}
