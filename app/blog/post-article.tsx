import { ArrowLeft, EyeOff } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { InlineScript } from '#app/shell/inline-script.tsx'
import { cn } from '#app/ui/cn.ts'
import { PAGE_WIDE_ON_A_PHONE, ShopImage } from '#app/ui/shop-image.tsx'
import { ArticlePending, useLoadingPost } from './article-pending.tsx'
import { PostByline } from './post-byline.tsx'
import { PostContent } from './post-content.tsx'
import { BLOG_FALLBACK_ALT, type PostSummary, postImage } from './post-view.ts'
import { RelatedLinks } from './related-links.tsx'
import { ShareButton } from './share-button.tsx'
import shareButtons from './share-buttons.ts?inline-script'

export interface PostPageData {
  post: PostSummary & { updatedAt: string }
  /** Safe HTML from renderMarkdown. */
  html: string
  readingMinutes: number
  /** Other recent posts. */
  related: PostSummary[]
  /** An unpublished post, shown to the admin only. */
  draft?: boolean
}

/** A post as readers see it: title, byline, picture, the text, then where to go next. */
export function PostArticle({ post, html, readingMinutes, related, draft = false }: PostPageData) {
  const loading = useLoadingPost()
  return (
    <div aria-busy={loading} className={cn('transition-opacity', loading && 'opacity-60')}>
      {draft && <DraftBanner />}
      <article className="mx-auto max-w-3xl px-4 pt-6">
        <header>
          <p className="text-sm font-semibold tracking-wide text-chilli uppercase">{m.from_our_kitchen()}</p>
          <h1 className="mt-2 text-3xl leading-tight font-bold sm:text-4xl lg:text-5xl">{post.title}</h1>
          <p className="mt-4 text-lg text-muted-foreground sm:text-xl">{post.excerpt}</p>
          <div className="mt-6 flex items-center justify-between gap-4 border-y py-4">
            <PostByline post={post} readingMinutes={readingMinutes} />
            <ShareButton title={post.title} text={post.excerpt} />
          </div>
        </header>
        <ShopImage
          src={postImage(post.imageUrl)}
          alt={post.imageUrl ? post.title : BLOG_FALLBACK_ALT}
          width={640}
          height={360}
          sizes={`(min-width: 800px) 736px, ${PAGE_WIDE_ON_A_PHONE}`}
          priority
          className="mt-8 rounded-xl"
        />
        <div className="mt-10">
          <PostContent html={html} />
        </div>
        <footer className="mt-12 flex flex-wrap items-center justify-between gap-4 rounded-xl bg-secondary/60 px-5 py-4">
          <p className="font-semibold text-brown">{m.enjoyed_story()}</p>
          <ShareButton title={post.title} text={post.excerpt} />
        </footer>
      </article>
      <RelatedLinks posts={related} />
      <div className="mx-auto max-w-6xl px-4 pt-10">
        <Link to="/blog" className="inline-flex items-center gap-1.5 font-semibold text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          {m.back_to_all_posts()}
        </Link>
      </div>
      <ArticlePending loading={loading} />
      <InlineScript script={shareButtons} />
    </div>
  )
}

/** Over a draft the admin previews: readers get 'Blog Post Not Found' at this address. */
function DraftBanner() {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-4">
      <p
        role="note"
        className="flex items-start gap-3 rounded-xl border-2 border-dashed border-turmeric bg-accent/30 px-4 py-3 text-brown"
      >
        <EyeOff className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <span>
          <strong className="font-bold">Draft: only you can see this.</strong> Readers are told this post does not exist
          until it is published.
        </span>
      </p>
    </div>
  )
}
