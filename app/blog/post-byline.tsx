import { CalendarDays, Clock, UserRound } from 'lucide-react'
import { m } from '#app/paraglide/messages.js'
import { cn } from '#app/ui/cn.ts'
import type { PostSummary } from './post-view.ts'

interface PostBylineProps {
  post: Pick<PostSummary, 'author' | 'publishedAt' | 'publishedOn'>
  readingMinutes?: number
  className?: string
}

/** Author, date and (on a post) reading time, in one wrapping line. */
export function PostByline({ post, readingMinutes, className }: PostBylineProps) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      <span className="inline-flex items-center gap-1.5">
        <UserRound className="size-4 text-primary" aria-hidden />
        <span className="sr-only">{m.by()} </span>
        {post.author}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays className="size-4 text-primary" aria-hidden />
        <span className="sr-only">{m.published_on()} </span>
        <time dateTime={post.publishedAt}>{post.publishedOn}</time>
      </span>
      {readingMinutes !== undefined && (
        <span className="inline-flex items-center gap-1.5">
          <Clock className="size-4 text-primary" aria-hidden />
          {m.min_read({ minutes: readingMinutes })}
        </span>
      )}
    </p>
  )
}
