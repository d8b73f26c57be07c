import { describe, expect, it } from 'vitest'
import { isAllowedMarkup, renderMarkdown, safeUrl } from './markdown.server.ts'

/**
 * The tags in rendered HTML. Text never holds a raw '<' (it is escaped), so every '<' starts a tag
 * the renderer wrote; this is what a browser would build elements from.
 */
function tags(html: string): string[] {
  return html.match(/<[^>]*>/g) ?? []
}

/** Attributes of every tag, as [tag name, attribute name, value]. */
function attributes(html: string): [string, string, string][] {
  return tags(html).flatMap((tag) => {
    const name = /^<\/?([a-z0-9]+)/i.exec(tag)?.[1] ?? tag
    return [...tag.matchAll(/\s([^\s=>]+)(?:="([^"]*)")?/g)].map(
      ([, key = '', value = '']) => [name, key, value] as [string, string, string],
    )
  })
}

/** Nothing in the HTML can run a script: only known tags, no event handler, no script URL. */
function expectInert(html: string) {
  for (const tag of tags(html)) {
    expect(tag, 'tag').toMatch(
      /^<\/?(p|h[2-6]|strong|em|del|ul|ol|li|a|img|code|pre|blockquote|hr|br|table|thead|tbody|tr|th|td)[\s>]/,
    )
  }
  for (const [tag, key, value] of attributes(html)) {
    expect(key, `${tag} attribute`).not.toMatch(/^on/i)
    expect(key, `${tag} attribute`).toMatch(/^(href|src|alt|title|rel|loading|decoding|start|align|class)$/)
    if (key === 'href' || key === 'src') {
      const decoded = value
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
      // Resolved the way the browser resolves it on a post's page.
      const { protocol } = new URL(decoded, 'https://shop.example/blog/a-post')
      expect(['http:', 'https:', 'mailto:'], `${tag} ${key}="${value}"`).toContain(protocol)
    }
  }
  expect(isAllowedMarkup(html)).toBe(true)
}

describe('post markdown', () => {
  it('renders headings from h2, so the post title stays the only h1', () => {
    const html = renderMarkdown('# Big\n\n## Where Ratlami sev comes from\n\n### 1. The dough\n\n#### Small')
    expect(html).toContain('<h2>Big</h2>')
    expect(html).toContain('<h2>Where Ratlami sev comes from</h2>')
    expect(html).toContain('<h3>1. The dough</h3>')
    expect(html).toContain('<h4>Small</h4>')
    expect(html).not.toContain('<h1')
  })

  it('renders paragraphs, bold and italics', () => {
    const html = renderMarkdown('Most will say **sev**.\n\nThe *moyan* makes it crisp.')
    expect(html).toContain('<p>Most will say <strong>sev</strong>.</p>')
    expect(html).toContain('<p>The <em>moyan</em> makes it crisp.</p>')
  })

  it('renders bulleted and numbered lists', () => {
    const html = renderMarkdown('- **Clove (laung):** fresh\n- Black pepper\n\n1. Airtight jar\n2. Cool and dry')
    expect(html).toMatch(/<ul>\s*<li><strong>Clove \(laung\):<\/strong> fresh<\/li>\s*<li>Black pepper<\/li>\s*<\/ul>/)
    expect(html).toMatch(/<ol>\s*<li>Airtight jar<\/li>\s*<li>Cool and dry<\/li>\s*<\/ol>/)
  })

  it('keeps relative links as they are and marks links to other sites', () => {
    const html = renderMarkdown(
      'Read the [FAQ](/faq), our [Satwik range](/products?category=Satwik%20Products), ' +
        '[a recipe](https://example.com/sev "Sev recipe") or [write to us](mailto:hello@malwanamkeen.example).',
    )
    expect(html).toContain('<a href="/faq">FAQ</a>')
    expect(html).toContain('<a href="/products?category=Satwik%20Products">Satwik range</a>')
    expect(html).toContain(
      '<a href="https://example.com/sev" title="Sev recipe" rel="noopener noreferrer">a recipe</a>',
    )
    expect(html).toContain('<a href="mailto:hello@malwanamkeen.example">write to us</a>')
    expectInert(html)
  })

  it('gives bare web addresses a link with rel noopener noreferrer', () => {
    const html = renderMarkdown('See www.example.com or <https://example.com/?a=1&b=2>.')
    expect(html).toContain('<a href="http://www.example.com" rel="noopener noreferrer">www.example.com</a>')
    expect(html).toContain('<a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer">')
    expectInert(html)
  })

  it('renders the demo posts with nothing but the allowed markup', async () => {
    const { demoPosts } = await import('#app/demo/posts.ts')
    for (const post of demoPosts) {
      const html = renderMarkdown(post.content)
      expect(html).toContain('<h2>')
      expectInert(html)
    }
  })

  describe('is inert whatever the author writes', () => {
    it('shows a script tag as text', () => {
      const html = renderMarkdown('<script>alert(1)</script>')
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
      expect(html).not.toContain('<script')
      expectInert(html)
    })

    it('shows a script tag inside a paragraph as text', () => {
      const html = renderMarkdown('Crisp <script>alert(1)</script> sev')
      expect(html).toBe('<p>Crisp &lt;script&gt;alert(1)&lt;/script&gt; sev</p>\n')
    })

    it('shows an image with an onerror handler as text', () => {
      for (const source of ['<img src=x onerror=alert(1)>', 'Look <img src=x onerror=alert(1)> here']) {
        const html = renderMarkdown(source)
        expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
        expect(html).not.toContain('<img')
        expectInert(html)
      }
    })

    it('turns javascript: links into plain text, in any case and with hidden whitespace', () => {
      for (const source of [
        '[x](javascript:alert(1))',
        '[x](JaVaScRiPt:alert(document.cookie))',
        '[x]( javascript:alert(1))',
        '[x](<java\tscript:alert(1)>)',
        '[x](<java\nscript:alert(1)>)',
        '[x](\u0001javascript:alert(1))',
        '[x][ref]\n\n[ref]: javascript:alert(1)',
        '<javascript:alert(1)>',
      ]) {
        const html = renderMarkdown(source)
        expect(html, source).not.toContain('<a')
        expectInert(html)
      }
    })

    it('turns data: and vbscript: links into plain text', () => {
      for (const source of [
        '[x](data:text/html,<script>alert(1)</script>)',
        '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
        '[x](vbscript:msgbox(1))',
        '[x](file:///etc/passwd)',
      ]) {
        const html = renderMarkdown(source)
        expect(html, source).not.toContain('<a')
        expect(html, source).toMatch(/^<p>x/)
        expectInert(html)
      }
    })

    it('keeps a link with an encoded scheme harmless (a relative address, never javascript:)', () => {
      const html = renderMarkdown('[x](&#106;avascript:alert(1))')
      expectInert(html)
      const href = /href="([^"]*)"/.exec(html)?.[1]
      if (href) expect(new URL(href.replace(/&amp;/g, '&'), 'https://shop.example/blog/').protocol).toBe('https:')
    })

    it('shows a raw anchor with a javascript: href as text', () => {
      for (const source of [
        '<a href="javascript:alert(1)">win</a>',
        'A <a href="javascript:alert(1)">prize</a> for you',
      ]) {
        const html = renderMarkdown(source)
        expect(html).toContain('&lt;a href=&quot;javascript:alert(1)&quot;&gt;')
        expect(html).not.toContain('<a ')
        expectInert(html)
      }
    })

    it('keeps quotes in link addresses, titles and alt texts inside their attribute', () => {
      for (const source of [
        '[x](/a" onmouseover="alert(1))',
        '[x](/a "t\\" onmouseover=\\"alert(1)")',
        "[x](/a 't\\' onmouseover=alert(1)')",
        '![x" onerror="alert(1)](/images/blog-fallback-640.webp)',
        '[x](https://example.com/"><script>alert(1)</script>)',
      ]) {
        const html = renderMarkdown(source)
        expectInert(html)
      }
      expect(renderMarkdown('[x](/a "t\\" onmouseover=\\"alert(1)")')).toContain(
        '<a href="/a" title="t&quot; onmouseover=&quot;alert(1)">x</a>',
      )
      expect(renderMarkdown('![x" onerror="alert(1)](/images/blog-fallback-640.webp)')).toContain(
        'alt="x&quot; onerror=&quot;alert(1)"',
      )
    })

    it('escapes text that marked would pass through raw after a <pre> or <code> tag', () => {
      for (const source of [
        'x <pre>a<b onmouseover=alert(1) c</pre>',
        'x <code><img src=x onerror=alert(1)//',
        '<pre>\n<img src=x onerror=alert(1)>\n</pre>',
        '<style>body{display:none}</style>',
        '<iframe src="https://evil.example"></iframe>',
        '<svg onload=alert(1)>',
      ]) {
        expectInert(renderMarkdown(source))
      }
    })

    it('escapes code blocks and their language', () => {
      const html = renderMarkdown('```js" onload="x\n<script>alert(1)</script>\n```\n\nand `<b onclick=x>`')
      expect(html).toContain('<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>')
      expect(html).toContain('<code>&lt;b onclick=x&gt;</code>')
      expectInert(html)
    })

    it('shows only the shop’s own images, and other images as their alt text', () => {
      expect(renderMarkdown('![Sev](/images/products/ratlami-sev-640.webp)')).toContain(
        '<img src="/images/products/ratlami-sev-640.webp" alt="Sev" loading="lazy" decoding="async">',
      )
      for (const source of [
        '![tracker](https://evil.example/pixel.png)',
        '![x](javascript:alert(1))',
        '![x](data:image/svg+xml,<svg onload=alert(1)>)',
      ]) {
        const html = renderMarkdown(source)
        expect(html, source).not.toContain('<img')
        expectInert(html)
      }
    })

    it('keeps character references as text', () => {
      expect(renderMarkdown('Tom &amp; Jerry &#60;b&#62; &lt;i&gt;')).toBe(
        '<p>Tom &amp; Jerry &lt;b&gt; &lt;i&gt;</p>\n',
      )
    })
  })
})

describe('link addresses', () => {
  it('allows http, https, mailto and relative addresses', () => {
    expect(safeUrl('/faq')).toEqual({ href: '/faq', external: false })
    expect(safeUrl('faq#delivery')).toEqual({ href: 'faq#delivery', external: false })
    expect(safeUrl('#top')).toEqual({ href: '#top', external: false })
    expect(safeUrl('https://example.com')).toEqual({ href: 'https://example.com', external: true })
    expect(safeUrl('//example.com/x')).toEqual({ href: '//example.com/x', external: true })
    expect(safeUrl('mailto:a@example.com')).toEqual({ href: 'mailto:a@example.com', external: false })
  })

  it('refuses every other scheme', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JAVASCRIPT:x',
      'java\tscript:x',
      'data:text/html,x',
      'vbscript:x',
      'ftp://x',
      '',
    ]) {
      expect(safeUrl(href), href).toBeNull()
    }
  })
})

describe('the markup allowlist', () => {
  it('accepts what the renderer writes', () => {
    expect(isAllowedMarkup('<h2>A</h2>\n<p><a href="/faq">b</a> <strong>c</strong></p>')).toBe(true)
  })

  it('refuses any other tag, attribute or address', () => {
    for (const html of [
      '<script>alert(1)</script>',
      '<p onclick="x">a</p>',
      '<a href="javascript:alert(1)">a</a>',
      '<a href="java&#115;cript:alert(1)">a</a>',
      '<img src="x" onerror="alert(1)">',
      '<p>a < b</p>',
      '<p>a > b</p>',
      '<a href=/faq>unquoted</a>',
      '<h1>Second title</h1>',
    ]) {
      expect(isAllowedMarkup(html), html).toBe(false)
    }
  })
})
