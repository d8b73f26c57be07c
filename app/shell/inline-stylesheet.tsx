import { createContext, useContext } from 'react'

/**
 * The shop's stylesheet as text, given by the server's entry (`app/entry.server.tsx`) so that only the
 * server bundle carries it. In the browser there is no provider: the component reads back the text the
 * server wrote, so hydration renders the same element and the client bundle stays without the CSS.
 */
export const StylesheetContext = createContext<string | null>(null)

const ID = 'shop-css'

/** The stylesheet inlined in the head: the first paint needs no request but the page itself. */
export function InlineStylesheet() {
  const fromServer = useContext(StylesheetContext)
  const css = fromServer ?? (typeof document === 'undefined' ? '' : (document.getElementById(ID)?.textContent ?? ''))
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own built stylesheet
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />
}
