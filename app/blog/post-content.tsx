import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { localize } from '#app/i18n/links.tsx'

// Reading styles for the post's HTML (there is no typography plugin): a comfortable measure and
// line height, headings in the brand's serif, saffron links and list markers. Joined plainly, not
// with cn(): no two of them conflict, and cn() here ran tailwind-merge's set-up (several
// milliseconds on a phone) while every shop page's scripts were evaluated.
const PROSE = [
  'text-[1.0625rem] leading-[1.75] text-foreground sm:text-lg',
  '[&>*:first-child]:mt-0 [&_p]:mt-5',
  '[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-bold sm:[&_h2]:text-[1.75rem]',
  '[&_h3]:mt-9 [&_h3]:text-xl [&_h3]:leading-snug [&_h3]:font-bold',
  '[&_h4]:mt-8 [&_h4]:font-bold [&_h4]:text-brown [&_h5]:mt-6 [&_h5]:font-bold [&_h6]:mt-6 [&_h6]:font-semibold',
  '[&_strong]:font-semibold [&_strong]:text-brown [&_em]:italic',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:decoration-primary/40 [&_a]:underline-offset-[3px] [&_a:hover]:decoration-primary',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:mt-2.5 [&_li]:pl-1.5 [&_li::marker]:font-semibold [&_li::marker]:text-primary [&_li_ul]:mt-2 [&_li_ol]:mt-2',
  '[&_blockquote]:mt-6 [&_blockquote]:rounded-r-lg [&_blockquote]:border-l-4 [&_blockquote]:border-turmeric [&_blockquote]:bg-secondary/60 [&_blockquote]:px-5 [&_blockquote]:py-3 [&_blockquote]:italic [&_blockquote_p:first-child]:mt-0',
  '[&_code]:rounded [&_code]:bg-secondary [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em]',
  '[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-brown [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-white [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:my-10 [&_hr]:border-border',
  '[&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_table]:mt-6 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-left [&_table]:text-base [&_td]:border-b [&_td]:px-3 [&_td]:py-2 [&_th]:border-b-2 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold',
].join(' ')

/**
 * The post's body: HTML rendered from markdown and made safe on the server (markdown.server.ts),
 * so it can be inserted as it is. Links to the shop's own pages navigate inside the app.
 */
export function PostContent({ html }: { html: string }) {
  const container = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()

  useEffect(() => {
    const element = container.current
    if (!element) return
    function onClick(event: MouseEvent) {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return
      const link = (event.target as Element).closest('a')
      if (!link || link.target || link.hasAttribute('download')) return
      const url = new URL(link.href)
      if (url.origin !== window.location.origin) return
      event.preventDefault()
      const to = localize(url.pathname + url.search + url.hash)
      // Offline, a plain page load, which the service worker answers (see the offline guard).
      if (navigator.onLine) navigate(to)
      else location.assign(to)
    }
    element.addEventListener('click', onClick)
    return () => element.removeEventListener('click', onClick)
  }, [navigate])

  // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and keeps an allowlist of tags, attributes and URL schemes
  return <div ref={container} className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />
}
