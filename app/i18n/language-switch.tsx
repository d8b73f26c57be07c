// The header's language switch: English / हिन्दी, the current one marked, the other a plain link to
// the same page in that language (a full page load: the language is the page's, see page-locale.ts).
// The link carries ?lang=, which the server remembers in a cookie (app/i18n/locale.server.ts).
import { useLocation } from 'react-router'
import { cn } from '#app/ui/cn.ts'
import { hasHindiVersion, LOCALE_PARAM, LOCALES, type Locale, localizedHref, pathWithoutLocale } from './locale.ts'
import { getLocale } from './page-locale.ts'

/** Each language's name in itself. */
const NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' }

/** The current page in another language, with the switch's parameter; home when it has no such page. */
export function switchHref(pathname: string, search: string, locale: Locale): string {
  const english = pathWithoutLocale(pathname)
  const params = new URLSearchParams(hasHindiVersion(english) ? search : '')
  params.set(LOCALE_PARAM, locale)
  return `${localizedHref(hasHindiVersion(english) ? english : '/', locale)}?${params}`
}

export function LanguageSwitch({ className }: { className?: string }) {
  const { pathname, search } = useLocation()
  const current = getLocale()
  return (
    <ul className={cn('flex items-center text-sm font-semibold', className)}>
      {LOCALES.map((locale, index) => (
        <li key={locale} className="flex items-center">
          {index > 0 && (
            <span aria-hidden className="px-0.5 text-muted-foreground">
              /
            </span>
          )}
          {locale === current ? (
            <span lang={locale} aria-current="true" className="px-1.5 py-2 text-primary">
              {NAMES[locale]}
            </span>
          ) : (
            <a
              href={switchHref(pathname, search, locale)}
              lang={locale}
              hrefLang={locale}
              className="rounded-md px-1.5 py-2 text-foreground/80 hover:bg-secondary hover:text-brown"
            >
              {NAMES[locale]}
            </a>
          )}
        </li>
      ))}
    </ul>
  )
}
