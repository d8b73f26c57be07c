import { ImageOff } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { preload } from 'react-dom'
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
  /** On the first screen but not its largest element: load at once, at a preload's low priority. */
  eager?: boolean
  className?: string
}

/**
 * The end of `sizes` for a picture as wide as the page on a phone (less its 1rem margins), after the
 * wider screens' own entries. Screens denser than 2.5 device pixels per CSS pixel are asked for about
 * 2x (3x screens two thirds of the width, 2.5-2.9x three quarters), which nobody tells from 3x at
 * arm's length: 360-412 px phones at 2x to 3x take the 800 px variant, not the 960. Other screens are
 * asked for 4 % less than the width, so that a 360 px phone at 2x (656 device pixels) or a 412 px one
 * at 1.75x (665) takes the 640 px variant (a product picture's is 38-40 KB, its 800 px one 56), drawn
 * 3-4 % larger than it is: the picture is the page's largest paint, on the phones most shoppers have.
 */
export const PAGE_WIDE_ON_A_PHONE = [
  '(min-resolution: 2.9dppx) calc((100vw - 2rem) * 2 / 3)',
  '(min-resolution: 2.5dppx) calc((100vw - 2rem) * 3 / 4)',
  'calc((100vw - 2rem) * 24 / 25)',
].join(', ')

/**
 * An image with explicit dimensions, responsive srcset in AVIF (about half WebP's bytes) and WebP for
 * browsers without it, a skeleton while loading and a message on error.
 */
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
  const avifSrcSet = src ? srcSetFor(src, 'avif') : undefined
  // React preloads a non-lazy <img> in the head by itself, but not one inside a <picture>, whose
  // source it cannot know: it is preloaded here as React would, in the format a browser skips if it
  // cannot show it (with a srcset React leaves the href out). The largest paint's at high priority; the
  // others at a preload's low one, which the browser would otherwise raise for the first few pictures
  // in the body, ahead of a first screen whose largest paint is text (docs/performance.md).
  if ((priority || eager) && src && avifSrcSet && !failed) {
    preload(src, {
      as: 'image',
      imageSrcSet: avifSrcSet,
      imageSizes: sizes,
      type: 'image/avif',
      ...(priority && { fetchPriority: 'high' }),
    })
  }

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
          <picture>
            {avifSrcSet && <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />}
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
          </picture>
        </>
      )}
    </div>
  )
}
