// The Share buttons of a post loaded as a page, which does not hydrate (page-hydration.ts): the
// server renders them invisible, with their texts in the page's language as data attributes
// (share-button.tsx), and this script, inline at the end of the post (`?inline-script`), shows them
// and shares on a click. Without JavaScript they stay invisible, out of reach, holding their place.
import { sharePost } from './share-post.ts'

/** How long the notice stays: a toast's time (spec section 9, TOAST_MS in app/ui/toast.tsx). */
const NOTICE_MS = 5000

/** The class that keeps a button (`<button data-share>`) invisible until this script runs. */
export const UNTIL_READY = 'invisible'

export default function enhanceShareButtons() {
  const buttons = document.querySelectorAll<HTMLButtonElement>('button[data-share]')
  if (buttons.length === 0) return
  // In the page before anything is said in it, so that screen readers announce what it says.
  const notice = document.createElement('div')
  notice.setAttribute('role', 'status')
  notice.className = 'pointer-events-none fixed inset-x-0 top-[72px] z-50 flex justify-center px-4'
  document.body.append(notice)
  let hide: ReturnType<typeof setTimeout> | undefined
  const say = (title: string, description: string, error: boolean) => {
    const box = document.createElement('div')
    box.className = error
      ? 'w-full max-w-sm rounded-lg border border-destructive bg-destructive p-4 text-sm text-destructive-foreground shadow-lg'
      : 'w-full max-w-sm rounded-lg border bg-card p-4 text-sm text-card-foreground shadow-lg'
    const heading = document.createElement('p')
    heading.className = 'font-semibold'
    heading.textContent = title
    const text = document.createElement('p')
    text.className = 'mt-1 break-all'
    text.textContent = description
    box.append(heading, text)
    notice.replaceChildren(box)
    clearTimeout(hide)
    hide = setTimeout(() => notice.replaceChildren(), NOTICE_MS)
  }
  for (const button of buttons) {
    const { shareTitle = document.title, shareText = '', copied = '', copiedText = '', failed = '' } = button.dataset
    button.addEventListener('click', async () => {
      const { outcome, url } = await sharePost(shareTitle, shareText)
      if (outcome === 'copied') say(copied, copiedText, false)
      else if (outcome === 'failed') say(failed, url, true)
    })
    button.classList.remove(UNTIL_READY)
  }
}
