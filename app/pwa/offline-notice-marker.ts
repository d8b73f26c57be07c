// The offline notice is in every page's HTML, hidden; the service worker un-hides it in a page it
// answers from its cache, so the notice shows even before (or without) the page's JavaScript.

export const OFFLINE_NOTICE_ID = 'offline-notice'
export const OFFLINE_NOTICE_TEXT = 'You are offline — prices may have changed'

/** The hidden notice exactly as React renders it on the server. */
const HIDDEN_NOTICE = `id="${OFFLINE_NOTICE_ID}" hidden=""`

/** A cached page's HTML with its offline notice shown. */
export function showOfflineNotice(html: string): string {
  return html.replace(HIDDEN_NOTICE, `id="${OFFLINE_NOTICE_ID}" data-from-cache=""`)
}
