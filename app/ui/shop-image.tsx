import { ImageOff } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { m } from '#app/paraglide/messages.js'
import { srcSetFor } from '#app/shared/image-variants.ts'
import { cn } from './cn.ts'

interface ShopImageProps {
  src: string | null
  alt: string
  width: number
  height: number
  /** The rendered width, for the browser's choice from srcset. */
  sizes: string
  /** The first screen's largest element: load at once, with high priority (a preload in the head). */
  priority?: boolean
  /** On the first screen but not its largest element: load at once, at the browser's own priority. */
  eager?: boolean
  className?: string
}

/** An image with explicit dimensions, responsive srcset, a skeleton while loading and a message on error. */
export function ShopImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  eager = false,
  className,
}: ShopImageProps) {
  // The source that failed to load: a new `src` (an admin picking another image) starts afresh.
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const failed = !src || failedSrc === src
  // The source that has loaded: the skeleton goes then. Its pulse ran for ever behind the picture, and
  // in a card laid out only near the screen (content-visibility) it restyled the page every frame; it
  // now pulses a few times only (app.css), since a lazy image far below may not load at all.
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null)
  const image = useRef<HTMLImageElement>(null)
  // A load or an error before hydration fired no React event: look at the element once mounted.
  useEffect(() => {
    const element = image.current
    if (!src || !element?.complete) return
    if (element.naturalWidth === 0) setFailedSrc(src)
    else setLoadedSrc(src)
  }, [src])

  return (
    <div className={cn('relative overflow-hidden bg-muted', className)} style={{ aspectRatio: `${width} / ${height}` }}>
      {failed ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
          <ImageOff className="size-6" aria-hidden />
          {m.image_not_available()}
        </div>
      ) : (
        <>
          {loadedSrc !== src && <div className="absolute inset-0 animate-skeleton bg-muted" aria-hidden />}
          <img
            ref={image}
            src={src ?? undefined}
            srcSet={src ? srcSetFor(src) : undefined}
            sizes={sizes}
            alt={alt}
            width={width}
            height={height}
            loading={priority || eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            onLoad={() => setLoadedSrc(src)}
            onError={() => setFailedSrc(src)}
            className="relative size-full object-cover"
          />
        </>
      )}
    </div>
  )
}
