// The offline notice is in every page's HTML, hidden; the service worker un-hides it in a page it
// answers from its cache, so the notice shows even before (or without) the page's JavaScript.

export const OFFLINE_NOTICE_ID = 'offline-notice'

/** Marks a GET form that shows a page (a search, a filter): offline it is sent as a plain page load. */
export const PAGE_LOAD_OFFLINE = 'data-page-load-offline'

/** Spread on such a form: `<Form method="get" {...pageLoadOffline}>`. */
export const pageLoadOffline = { [PAGE_LOAD_OFFLINE]: '' }

/** The notice's opening tag, whatever other attributes React renders around its id. */
const NOTICE_TAG = new RegExp(`<p\\b[^>]*\\bid="${OFFLINE_NOTICE_ID}"[^>]*>`)

/** A cached page's HTML with its offline notice shown. */
export function showOfflineNotice(html: string): string {
  return html.replace(NOTICE_TAG, (tag) => tag.replace(/\shidden=""/, '').replace(/>$/, ' data-from-cache="">'))
}
