import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { OfflineNotice } from './offline-notice.tsx'
import { showOfflineNotice } from './offline-notice-marker.ts'

describe('the offline notice in a stored page', () => {
  // The worker edits the HTML the server rendered: the test renders it the same way, so a change of
  // the notice's attributes cannot leave the worker looking for a tag that is no longer there.
  const page = `<html><body>${renderToStaticMarkup(createElement(OfflineNotice))}<main>Sev</main></body></html>`

  it('is hidden as the server renders it', () => {
    expect(page).toMatch(/<p[^>]*id="offline-notice"[^>]*hidden=""/)
  })

  it('is shown and marked as from the cache once the worker has edited the page', () => {
    const stored = showOfflineNotice(page)
    const tag = /<p[^>]*id="offline-notice"[^>]*>/.exec(stored)?.[0]
    expect(tag).toContain('data-from-cache=""')
    expect(tag).not.toContain('hidden')
    expect(stored).toContain('<main>Sev</main>')
  })

  it('leaves a page without the notice as it is', () => {
    expect(showOfflineNotice('<p id="other" hidden="">x</p>')).toBe('<p id="other" hidden="">x</p>')
  })
})
