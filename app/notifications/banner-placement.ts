// Where the push banner may sit over the page: never over a product's price, sizes, quantity or Add
// to Cart (issue 32). Those carry BUY_CONTROLS (buy-controls.ts); the banner steps aside while one is
// beneath it.
import { type RefObject, useEffect, useLayoutEffect, useState } from 'react'
import { BUY_CONTROLS_SELECTOR } from './buy-controls.ts'

export interface Box {
  top: number
  right: number
  bottom: number
  left: number
}

/** Whether two boxes share any area (touching edges do not). An empty box covers nothing. */
export function overlaps(a: Box, b: Box): boolean {
  if (a.right <= a.left || a.bottom <= a.top || b.right <= b.left || b.bottom <= b.top) return false
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
}

/** Whether the box covers any of the buy controls' boxes. */
export function coversAny(box: Box, controls: Iterable<Box>): boolean {
  for (const control of controls) if (overlaps(box, control)) return true
  return false
}

/**
 * True while the element (the banner's visible card) lies over a buy control on the page. Checked
 * before the first paint, then once a frame at most on scrolling, resizing and any change of the
 * page's size (pictures loading, a list growing) and after the banner's entrance animation.
 */
export function useOverBuyControls(card: RefObject<HTMLElement | null>): boolean {
  const [over, setOver] = useState(false)
  useLayoutEffect(() => setOver(overBuyControls(card.current)), [card])
  useEffect(() => {
    let frame = 0
    const schedule = () => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0
          setOver(overBuyControls(card.current))
        })
    }
    const resized = new ResizeObserver(schedule)
    resized.observe(document.documentElement)
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    const element = card.current
    element?.addEventListener('animationend', schedule)
    return () => {
      cancelAnimationFrame(frame)
      resized.disconnect()
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      element?.removeEventListener('animationend', schedule)
    }
  }, [card])
  return over
}

function overBuyControls(element: HTMLElement | null): boolean {
  if (!element) return false
  const controls = Array.from(document.querySelectorAll(BUY_CONTROLS_SELECTOR), (control) =>
    control.getBoundingClientRect(),
  )
  return coversAny(element.getBoundingClientRect(), controls)
}
