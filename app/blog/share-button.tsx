import { Share2 } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import { toast } from '#app/ui/toast.tsx'
import { UNTIL_READY } from './share-buttons.ts'
import { sharePost } from './share-post.ts'

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
 * Shares the post through the device's share sheet, or copies its link where there is none. It needs
 * JavaScript. A post loaded as a page does not hydrate: the server renders the button invisible, and
 * the post's inline script (share-buttons.ts) shows it and makes it work. A post React renders (after
 * a client-side navigation) gets React's own button.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const hydrated = useHydrated()
  if (!hydrated) {
    return (
      <Button
        type="button"
        variant="outline"
        className={UNTIL_READY}
        data-share=""
        data-share-title={title}
        data-share-text={text}
        data-copied={m.link_copied()}
        data-copied-text={m.blog_link_copied()}
        data-failed={m.could_not_copy()}
      >
        <Share2 aria-hidden />
        {m.share()}
      </Button>
    )
  }

  async function share() {
    const { outcome, url } = await sharePost(title, text)
    if (outcome === 'copied') toast(m.link_copied(), { description: m.blog_link_copied() })
    else if (outcome === 'failed') toast.error(m.could_not_copy(), { description: url })
  }

  return (
    <Button variant="outline" onClick={share}>
      <Share2 aria-hidden />
      {m.share()}
    </Button>
  )
}
