// The page the service worker shows for a navigation that failed offline and has no stored copy
// (checkout, admin, a page never visited). A plain document, not a React Router page: it is shown in
// place of any URL, so it must not hydrate as one. It carries the shop's phone and WhatsApp from
// settings; the worker stores it at install and again once a day, in both languages (/offline,
// /hi/offline), and shows the one of the address that failed.
import { renderToStaticMarkup } from 'react-dom/server'
import { HTML_LANG, type Locale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { formatIndianMobile, telHref, whatsappHref } from '#app/shared/phone.ts'
import { BACKGROUND_COLOR, THEME_COLOR } from './web-manifest.ts'

export interface OfflineShop {
  shopName: string
  phone: string
  whatsappNumber: string
}

// Inline styles: the page must look right with nothing but itself in the cache.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
background:${BACKGROUND_COLOR};color:#3b2417;font:16px/1.55 ui-sans-serif,system-ui,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif}
main{width:100%;max-width:28rem;background:#fffdf8;border:1px solid #efd9b4;border-radius:18px;padding:28px 22px;
box-shadow:0 10px 30px -12px rgba(90,46,26,.35);text-align:center;border-top:6px solid #d9822b}
img{display:block;margin:0 auto 12px}
h1{font-family:Georgia,"Noto Serif","DejaVu Serif",serif;color:#5a2e1a;font-size:1.6rem;margin:.25rem 0 .5rem}
p{margin:.5rem 0}
.muted{color:#6b4a36;font-size:.95rem}
.actions{display:grid;gap:10px;margin-top:20px}
a.button{display:block;padding:12px 16px;border-radius:12px;font-weight:600;text-decoration:none}
a.primary{background:${THEME_COLOR};color:#fffaf0}
a.call{background:#fff1d6;color:#5a2e1a;border:1px solid #e8c58a}
a.whatsapp{background:#e7f5e4;color:#1f5a24;border:1px solid #b9dcb2}
a:focus-visible{outline:3px solid #e8a33d;outline-offset:2px}
.shop{margin-top:18px;font-size:.85rem;color:#8a6a52}
`

export function offlinePageHtml({ shopName, phone, whatsappNumber }: OfflineShop, locale: Locale = 'en'): string {
  const o = { locale }
  const body = renderToStaticMarkup(
    <html lang={HTML_LANG[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content={THEME_COLOR} />
        <title>{m.offline_page_title({ shopName }, o)}</title>
        <link rel="icon" href="/favicon.ico" sizes="48x48" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant stylesheet written above */}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>
          <img src="/icons/icon.svg" alt="" width="72" height="72" />
          <h1>{m.offline_title({}, o)}</h1>
          <p>{m.offline_needs_connection({}, o)}</p>
          <p className="muted">{m.offline_still_readable({}, o)}</p>
          <div className="actions">
            {/* biome-ignore lint/a11y/useValidAnchor: an empty href is this document's own address (the page the shopper wanted, with its query), which is what trying again means; no script runs here */}
            <a className="button primary" href="">
              {m.offline_try_again({}, o)}
            </a>
            <a className="button call" href={telHref(phone)}>
              {m.offline_call({ phone: formatIndianMobile(phone) }, o)}
            </a>
            {whatsappNumber && (
              <a className="button whatsapp" href={whatsappHref(whatsappNumber)} rel="noopener noreferrer">
                WhatsApp {formatIndianMobile(whatsappNumber)}
              </a>
            )}
          </div>
          <p className="shop">{shopName}</p>
        </main>
      </body>
    </html>,
  )
  return `<!DOCTYPE html>${body}`
}
