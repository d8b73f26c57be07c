// A page to read carries only the rules of the stylesheet it uses (app/shell/used-styles.ts): in the
// browser, every element of it must be drawn as with the whole stylesheet. Each page is compared on a
// phone and on a desktop (@both), with its <details> open (the menu, the FAQ) and a post's Share notice shown.
import { expect, test } from './fixtures.ts'

const PAGES = ['/about', '/faq', '/blog', '/blog/the-story-of-ratlami-sev', '/hi/about', '/no-such-namkeen']

test('pages to read look as they would with the whole stylesheet, on a phone and a desktop @both', async ({
  page,
  request,
}) => {
  // The whole stylesheet's address, from a page that links it.
  const home = await (await request.get('/')).text()
  const stylesheet = /<link[^>]*rel="stylesheet" href="([^"]+)"/.exec(home)?.[1]
  expect(stylesheet).toMatch(/^\/assets\/app-.*\.css$/)
  for (const path of PAGES) {
    // Every picture in: the layout the comparison reads is the settled one.
    await page.goto(path, { waitUntil: 'networkidle' })
    expect(await page.locator('link[rel="stylesheet"]').count(), path).toBe(0)
    // Compared in the page, which answers with the first differences only.
    const differing = await page.evaluate(async (href) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      // Every element's computed style and box, a line per element and property. Custom properties are
      // left out (the page's own rules keep only those it reads), and so are margins: Chromium reports
      // an `auto` margin as 0 or as its width depending on when it last laid the element out, so the
      // box's place stands for them.
      const styles = () =>
        [document.documentElement, ...document.documentElement.querySelectorAll('body, body *')].flatMap((element) => {
          const style = getComputedStyle(element)
          const name = `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`
          const { x, y, width, height } = element.getBoundingClientRect()
          return Array.from(style)
            .filter((property) => !/^(--|margin)/.test(property))
            .map((property) => `${name} ${property}: ${style.getPropertyValue(property)}`)
            .concat(`${name} box: ${x},${y} ${width}x${height}`)
        })
      // Nothing moving: a transition or animation caught midway would differ between the two.
      const still = document.createElement('style')
      still.textContent = '*,::before,::after{animation:none!important;transition:none!important}'
      document.head.append(still)
      for (const details of document.querySelectorAll('details')) details.open = true
      // A post's Share notice too, whose classes only its script names (share-buttons.ts); copying
      // the link, as where there is no share sheet. It stays 5 s, longer than the comparison.
      const share = document.querySelector<HTMLButtonElement>('button[data-share]')
      if (share) {
        Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
        share.click()
        while (!document.querySelector('[role="status"] p')) await frame()
      }
      await frame()
      const own = styles()
      // The whole stylesheet in, then the page's own rules out, in one task: no frame between them.
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href })
      const loaded = new Promise((resolve) => link.addEventListener('load', resolve))
      document.head.append(link)
      await loaded
      for (const style of document.querySelectorAll('style')) if (style.textContent?.includes('@layer')) style.remove()
      await frame()
      const whole = styles()
      if (own.length !== whole.length) return [`${own.length} lines with its own rules, ${whole.length} with the whole`]
      return own
        .flatMap((line, index) => (line === whole[index] ? [] : [`${line} | whole: ${whole[index]}`]))
        .slice(0, 5)
    }, stylesheet as string)
    expect(differing, path).toEqual([])
  }
})
