import { Share2 } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { m } from '#app/paraglide/messages.js'
import { Button, buttonVariants } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { toast } from '#app/ui/toast.tsx'

const subscribe = () => () => {}

/** False on the server and while hydrating, true once React runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/**
 * Shares the post through the device's share sheet, or copies its link where there is none.
 * It needs JavaScript, so it only appears once the page is interactive; until then an invisible
 * stand-in of its size holds its place, so nothing below it moves when it appears.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const hydrated = useHydrated()
  if (!hydrated) {
    return (
      <span aria-hidden className={cn(buttonVariants({ variant: 'outline' }), 'invisible')}>
        <Share2 />
        {m.share()}
      </span>
    )
  }

  async function share() {
    // The address without query or fragment: what the post is, not how this reader arrived.
    const url = new URL(window.location.pathname, window.location.origin).toString()
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url })
        return
      } catch (error) {
        // The reader closed the share sheet: nothing to do. Any other refusal falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      toast(m.link_copied(), { description: m.blog_link_copied() })
    } catch {
      toast.error(m.could_not_copy(), { description: url })
    }
  }

  return (
    <Button variant="outline" onClick={share}>
      <Share2 aria-hidden />
      {m.share()}
    </Button>
  )
}
