// Blog posts are markdown written in the admin panel. They are rendered to HTML here, on the
// server, and the page inserts that HTML as it is; so this module is the only thing between an
// admin's text (or a stolen admin session) and a script running in every reader's browser.
//
// Two layers:
// 1. marked's renderer is replaced wherever it would pass text through unescaped: raw HTML is shown
//    as text, every text run is escaped (marked trusts text inside <pre>/<script> tags as raw),
//    links and images keep only safe URLs, and headings start at h2 (the page's h1 is the title).
// 2. The output is checked against an allowlist of tags and attributes; anything else means the
//    first layer has a hole, and the post is shown as escaped plain text instead.
import { Marked, type RendererObject, type Tokens } from 'marked'

/** Schemes a link in a post may use; anything else (javascript:, data:, vbscript: ...) becomes text. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
/** Stands in for the shop's own origin when resolving relative URLs. */
const SITE = 'https://shop.invalid'

const ALLOWED_MARKUP: Record<string, readonly string[]> = {
  p: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  em: [],
  del: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  hr: [],
  br: [],
  pre: [],
  code: ['class'],
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'loading', 'decoding'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes every special character: for URLs (the browser must read back exactly what was checked) and raw HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
}

/** Escapes text but keeps character references ('&amp;' stays one ampersand), as markdown means them. */
function escapeText(text: string): string {
  return text.replace(/&(?!#?\w+;)|[<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
}

function decodeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === '#39' ? "'" : ({ amp: '&', lt: '<', gt: '>', quot: '"' } as Record<string, string>)[name]!,
  )
}

export interface SafeUrl {
  href: string
  /** http(s) to another site. */
  external: boolean
}

/**
 * A link target a reader may follow: http, https, mailto or relative; null for anything else.
 * Parsed the way a browser parses it (control characters, tabs and newlines inside the scheme,
 * mixed case and leading spaces do not hide a javascript: URL).
 */
export function safeUrl(raw: string): SafeUrl | null {
  const href = raw.trim()
  if (href === '') return null
  let url: URL
  try {
    url = new URL(href, `${SITE}/blog/`)
  } catch {
    return null
  }
  if (!LINK_PROTOCOLS.has(url.protocol)) return null
  return { href, external: url.protocol !== 'mailto:' && url.origin !== SITE }
}

const renderer: RendererObject = {
  html({ text, block }: Tokens.HTML | Tokens.Tag) {
    // Raw HTML is shown as the author typed it, never interpreted.
    const shown = escapeHtml(text)
    return block ? `<p>${shown.trim()}</p>\n` : shown
  },
  text(token: Tokens.Text | Tokens.Escape) {
    if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens)
    return escapeText(token.text)
  },
  heading({ tokens, depth }: Tokens.Heading) {
    // The post's title is the page's only h1.
    const level = Math.min(Math.max(depth, 2), 6)
    return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`
  },
  code({ text, lang }: Tokens.Code) {
    const language = /^[\w-]+$/.exec(lang ?? '')?.[0]
    const body = escapeHtml(text.replace(/\n$/, ''))
    return `<pre><code${language ? ` class="language-${language}"` : ''}>${body}\n</code></pre>\n`
  },
  checkbox({ checked }: Tokens.Checkbox) {
    // A task-list box is a mark in the text, not a form control without a label.
    return checked ? '☑ ' : '☐ '
  },
  codespan({ text }: Tokens.Codespan) {
    return `<code>${escapeHtml(text)}</code>`
  },
  link({ href, title, text, tokens, autolink }: Tokens.Link) {
    // An autolink's text is literal (character references are not resolved in it).
    const label = autolink ? escapeHtml(text) : this.parser.parseInline(tokens)
    const url = safeUrl(href)
    if (!url) return label
    const titleAttribute = title ? ` title="${escapeText(title)}"` : ''
    const rel = url.external ? ' rel="noopener noreferrer"' : ''
    return `<a href="${escapeHtml(url.href)}"${titleAttribute}${rel}>${label}</a>`
  },
  image({ href, title, text, tokens }: Tokens.Image) {
    const alt = escapeHtml(tokens ? this.parser.parseInline(tokens, this.parser.textRenderer) : text)
    // Only the shop's own images: the page's Content-Security-Policy refuses others, and an outside
    // image would tell another site who reads the post.
    const url = safeUrl(href)
    if (!url || url.external || url.href.startsWith('mailto:')) return alt
    const titleAttribute = title ? ` title="${escapeText(title)}"` : ''
    return `<img src="${escapeHtml(url.href)}" alt="${alt}"${titleAttribute} loading="lazy" decoding="async">`
  },
}

const markdown = new Marked({ gfm: true, breaks: false, async: false, renderer })

/** Safe HTML for a post's markdown (headings from h2, bold, italics, lists, links, paragraphs, tables, code). */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source, { async: false })
  return isAllowedMarkup(html) ? html : plainText(source)
}

/** True when every tag and attribute in the HTML is on the allowlist, with safe link and image URLs. */
export function isAllowedMarkup(html: string): boolean {
  const tag = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*>/y
  const attribute = /\s+([a-z-]+)(?:="([^"<>]*)")?/g
  for (let index = html.indexOf('<'); index !== -1; index = html.indexOf('<', index + 1)) {
    tag.lastIndex = index
    const match = tag.exec(html)
    if (!match) return false
    const [, closing, name = '', attributes = ''] = match
    const allowed = ALLOWED_MARKUP[name]
    if (!allowed || (closing && attributes !== '')) return false
    for (const [, key = '', value] of attributes.matchAll(attribute)) {
      if (!allowed.includes(key)) return false
      if (key === 'href' || key === 'src') {
        // Only the references escapeHtml writes, so the address checked is the one a browser reads.
        if (!/^(?:[^&]|&(?:amp|lt|gt|quot|#39);)*$/.test(value ?? '')) return false
        if (!safeUrl(decodeAttribute(value ?? ''))) return false
      }
    }
  }
  return !/[<>]/.test(html.replace(/<\/?[a-z][a-z0-9]*(?:\s+[a-z-]+(?:="[^"<>]*")?)*\s*>/g, ''))
}

/** The post as escaped paragraphs: what readers get if the rendered HTML ever fails the allowlist. */
function plainText(source: string): string {
  return source
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('\n')
}
