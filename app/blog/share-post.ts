// Sharing a post (spec: Blog post): the device's share sheet, or else its link copied. Shared by the
// React button (share-button.tsx, on a post rendered by a client-side navigation) and the inline
// script of a post loaded as a page, which does not hydrate (share-buttons.ts): no React, no imports.

/** What came of it: shared (or the reader closed the sheet), the link copied, or neither possible. */
export type ShareOutcome = 'shared' | 'copied' | 'failed'

/** Shares the page's post; `url` is its address without query or fragment (what the post is). */
export async function sharePost(title: string, text: string): Promise<{ outcome: ShareOutcome; url: string }> {
  const url = new URL(window.location.pathname, window.location.origin).toString()
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url })
      return { outcome: 'shared', url }
    } catch (error) {
      // The reader closed the share sheet: nothing to do. Any other refusal falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return { outcome: 'shared', url }
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    return { outcome: 'copied', url }
  } catch {
    return { outcome: 'failed', url }
  }
}
