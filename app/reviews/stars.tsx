// A rating drawn as five stars, read out as words ('Rated 4 out of 5').
import { Star } from 'lucide-react'
import { m } from '#app/paraglide/messages.js'
import { cn } from '#app/ui/cn.ts'

export function Stars({ rating, className }: { rating: number; className?: string }) {
  const whole = Math.round(rating)
  return (
    <span
      role="img"
      aria-label={m.rated_stars({ rating })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden
          className={cn(
            'size-4',
            star <= whole ? 'fill-turmeric text-turmeric' : 'fill-transparent text-muted-foreground/50',
          )}
        />
      ))}
    </span>
  )
}
