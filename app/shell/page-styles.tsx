// Where a page's stylesheet goes in its head. A page that hydrates links the shop's whole stylesheet,
// which the browser caches once for every page. A page to read (page-hydration.ts) is mostly a first
// visit's page, from a search or a shared link: it carries the rules it uses inline instead
// (page-styles.server.ts fills this placeholder once the page is rendered), so that its first paint
// waits for no second request and its largest picture or font comes first on the connection
// (docs/performance.md, "A page to read carries its own rules").
import stylesheet from '#app/app.css?url'

/** The attribute of the empty `<style>` the server fills with the page's rules. */
export const PAGE_STYLES_ATTRIBUTE = 'data-page-styles'

/**
 * The stylesheet's link has a precedence, so React puts it first in the head, ahead of the module
 * preloads (over HTTP/1.1 it was the tenth request and waited for a free connection before the first
 * paint).
 */
export function PageStyles({ inline }: { inline: boolean }) {
  if (!inline) return <link rel="stylesheet" href={stylesheet} precedence="default" />
  return <style {...{ [PAGE_STYLES_ATTRIBUTE]: '' }} />
}
