// `npm run bench:web`: production build, then Lighthouse in mobile mode (its default simulated
// throttling, Debian's Chromium) on the browsing pages (home, the product list, a product page), the
// pages to read (about, FAQ, a policy, the blog, a post, the offline page) and Hindi twins of both:
// the four category scores, LCP, CLS, TBT and the bytes each page transfers by type (as served, so
// gzipped where the server compresses), against the budgets of docs/performance.md, and for the pages
// to read the targets of issue 33 (no framework: at most 10 KB of JavaScript, inline scripts
// included; score 100; LCP at most 1.2 s). Each page is measured `--runs` times (default 3) and the
// run with the median performance score is reported, with the median of the runs' LCP in place of
// its own (the median score's run is the median TBT's, which on a busy machine need not have the
// median LCP); runs Lighthouse could not finish are left out.
// Figures go to the terminal and bench-results/web.json. Measures; never fails a build.
//
//   npm run bench:web                  # build, then 3 runs of each page
//   npm run bench:web -- --runs 5 --no-build
//   npm run bench:web -- --no-build --path / --path /products   # only these pages
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { demoPosts } from '../app/demo/posts.ts'
import { demoProducts } from '../app/demo/products.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts'
import { startServer } from '../tests/server-process.ts'

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
    path: { type: 'string', multiple: true },
  },
})
const runs = Math.max(1, Number(args.runs))

// Said before the build: chrome-launcher reports a missing browser as an unhandled spawn error.
if (!existsSync(CHROMIUM_PATH)) {
  console.error(`Lighthouse needs Chromium at ${CHROMIUM_PATH}: apt-get install chromium, or set CHROMIUM_PATH.`)
  process.exit(1)
}

if (!args['no-build']) {
  const build = spawnSync('react-router', ['build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/**
 * First-load budgets per page, in KB as sent (docs/performance.md): JavaScript as issue 33 set it for
 * the browsing pages (issue 15's 100 KB could not be met with React DOM and React Router hydrating).
 */
const BUDGET_KB = { js: 120, css: 20, html: 30 }

/** What a page to read (app/shell/page-hydration.ts) is to reach (issue 33). */
const READING_TARGET = { jsKb: 10, performance: 100, lcpMs: 1200 }

const post = demoPosts.find((candidate) => candidate.isPublished)
const product = demoProducts[0]
/** The pages to read, in English; their Hindi twins are under /hi. */
const readingPaths = ['/about', '/faq', '/shipping-policy', '/blog', `/blog/${post?.slug}`, '/offline']
const isReading = (path: string) => readingPaths.includes(path.replace(/^\/hi(?=\/)/, ''))
// The Hindi pages (docs/decisions/024-hindi.md) meet the same budgets.
const paths = args.path ?? [
  '/',
  '/products',
  `/products/${product?.slug}`,
  ...readingPaths,
  '/hi',
  '/hi/products',
  `/hi/products/${product?.slug}`,
  '/hi/about',
  `/hi/blog/${post?.slug}`,
]

interface NetworkItem {
  resourceType?: string
  mimeType?: string
  transferSize?: number
  priority?: string
  networkRequestTime?: number
  networkEndTime?: number
  url: string
}

type ByteKind = 'js' | 'css' | 'html' | 'images' | 'fonts' | 'other'

function kindOf(item: NetworkItem): ByteKind {
  switch (item.resourceType) {
    case 'Script':
      return 'js'
    case 'Stylesheet':
      return 'css'
    case 'Document':
      return 'html'
    case 'Image':
      return 'images'
    case 'Font':
      return 'fonts'
    default:
      return 'other'
  }
}

/**
 * What Lighthouse saw in the real, unthrottled load (ms from navigation start): the first paint, the
 * LCP and when the last script ended. Lantern counts in its simulated FCP and LCP only the requests
 * that ended before the observed paint, so scripts ending before it weigh on both
 * (docs/performance.md, round two).
 */
function observedTimings(metrics: unknown, requests: NetworkItem[]) {
  const items = (metrics as { items?: Record<string, number>[] } | undefined)?.items ?? []
  const observed = items[0] ?? {}
  const scripts = requests.filter((item) => kindOf(item) === 'js')
  const scriptEnds = scripts.map((item) => item.networkEndTime ?? 0)
  // A page to read requests no script file: null rather than Infinity.
  const time = (value: number) => (scripts.length ? Math.round(value) : null)
  return {
    fcpMs: Math.round(observed.observedFirstContentfulPaint ?? 0),
    lcpMs: Math.round(observed.observedLargestContentfulPaint ?? 0),
    firstScriptAskedMs: time(Math.min(...scripts.map((item) => item.networkRequestTime ?? 0))),
    firstScriptEndMs: time(Math.min(...scriptEnds)),
    lastScriptEndMs: time(Math.max(...scriptEnds)),
  }
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1))

// An open shop: what a buying shopper loads (cart, drawer, Add to Cart).
const server = await startServer({ SHOWCASE_MODE: 'false' })
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
})

/**
 * The JavaScript inside the page's HTML (its inline scripts, JSON-LD left out), in bytes as written:
 * Lighthouse counts only script files, and a page to read has none.
 */
async function inlineScriptBytes(path: string): Promise<number> {
  const html = await (await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } })).text()
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '']) => !attributes.includes('application/ld+json'))
    .reduce((sum, [, , text = '']) => sum + Buffer.byteLength(text), 0)
}

const rows = []
const details = []
const inlineKb = new Map<string, number>()
try {
  for (const path of paths) {
    const measured = []
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
      // A run Lighthouse could not finish (a stalled machine) has no figures; it is not a score of 0.
      if (result.lhr.runtimeError) {
        console.log(`${path}: run ${run + 1} failed: ${result.lhr.runtimeError.code}`)
        continue
      }
      const { categories, audits } = result.lhr
      const requests = (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
      const bytes: Record<ByteKind | 'total', number> = {
        js: 0,
        css: 0,
        html: 0,
        images: 0,
        fonts: 0,
        other: 0,
        total: 0,
      }
      for (const item of requests) {
        bytes[kindOf(item)] += item.transferSize ?? 0
        bytes.total += item.transferSize ?? 0
      }
      measured.push({
        row: {
          path,
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
          seo: Math.round((categories.seo?.score ?? 0) * 100),
          fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
          siMs: Math.round(audits['speed-index']?.numericValue ?? 0),
          jsKb: kb(bytes.js),
          cssKb: kb(bytes.css),
          htmlKb: kb(bytes.html),
          imagesKb: kb(bytes.images),
          fontsKb: kb(bytes.fonts),
          otherKb: kb(bytes.other),
          totalKb: kb(bytes.total),
        },
        failing: Object.values(audits)
          .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
          .map((audit) => audit.id),
        requests: requests.map((item) => ({
          url: item.url.replace(server.url, ''),
          kind: kindOf(item),
          transferSize: item.transferSize ?? 0,
          priority: item.priority,
          startMs: Math.round(item.networkRequestTime ?? 0),
          endMs: Math.round(item.networkEndTime ?? 0),
        })),
        observed: observedTimings(audits.metrics?.details, requests),
        // The LCP element's markup, from the LCP breakdown.
        lcpElement: (
          (audits['lcp-breakdown-insight']?.details as { items?: { type: string; snippet?: string }[] } | undefined)
            ?.items ?? []
        ).find((item) => item.type === 'node')?.snippet,
      })
    }
    // After Lighthouse, so that its first run finds the page as a first visitor does.
    inlineKb.set(path, kb(await inlineScriptBytes(path)))
    measured.sort((a, b) => a.row.performance - b.row.performance || b.row.lcpMs - a.row.lcpMs)
    const median = measured[Math.floor(measured.length / 2)]
    if (!median) continue
    const lcps = measured.map((one) => one.row.lcpMs).sort((a, b) => a - b)
    rows.push({ ...median.row, lcpMs: lcps[Math.floor(lcps.length / 2)] as number })
    details.push({
      path,
      performanceOfRuns: measured.map((one) => one.row.performance),
      observedOfRuns: measured.map((one) => ({ simulatedLcpMs: one.row.lcpMs, ...one.observed })),
      failing: median.failing,
      requests: median.requests,
      lcpElement: median.lcpElement,
    })
  }
} finally {
  chrome.kill()
  await server.stop()
}

console.log(
  `Lighthouse mobile, default simulated throttling, median of ${runs} run(s) per page; sizes in KB as transferred`,
)
console.table(rows)
for (const row of rows) {
  const over = (['js', 'css', 'html'] as const).filter((kind) => row[`${kind}Kb`] > BUDGET_KB[kind])
  console.log(
    `${row.path}: ${over.length ? `over budget: ${over.map((kind) => `${kind} ${row[`${kind}Kb`]} > ${BUDGET_KB[kind]} KB`).join(', ')}` : 'within the JS, CSS and HTML budgets'}`,
  )
}
for (const row of rows.filter((candidate) => isReading(candidate.path))) {
  const jsKb = Number((row.jsKb + (inlineKb.get(row.path) ?? 0)).toFixed(1))
  const missed = [
    ...(jsKb > READING_TARGET.jsKb ? [`JS ${jsKb} > ${READING_TARGET.jsKb} KB`] : []),
    ...(row.performance < READING_TARGET.performance ? [`performance ${row.performance}`] : []),
    ...(row.lcpMs > READING_TARGET.lcpMs ? [`LCP ${row.lcpMs} > ${READING_TARGET.lcpMs} ms`] : []),
    ...(['accessibility', 'bestPractices', 'seo'] as const)
      .filter((category) => row[category] < 100)
      .map((category) => `${category} ${row[category]}`),
  ]
  console.log(
    `${row.path}: page to read, JS ${jsKb} KB (files ${row.jsKb}, inline ${inlineKb.get(row.path)}): ${missed.length ? `misses ${missed.join(', ')}` : 'meets the targets of issue 33'}`,
  )
}
for (const detail of details)
  console.log(
    `${detail.path}: per run, simulated LCP, then observed (unthrottled) FCP / LCP / first script asked / last script ended, ms: ${detail.observedOfRuns.map((one) => `${one.simulatedLcpMs}, ${one.fcpMs} / ${one.lcpMs} / ${one.firstScriptAskedMs ?? '-'} / ${one.lastScriptEndMs ?? '-'}`).join('; ')}`,
  )
for (const detail of details)
  if (detail.failing.length) console.log(`${detail.path}: audits below 0.9: ${detail.failing.join(', ')}`)
mkdirSync('bench-results', { recursive: true })
writeFileSync(
  'bench-results/web.json',
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      runs,
      budgetsKb: BUDGET_KB,
      readingTarget: READING_TARGET,
      rows,
      inlineScriptKb: Object.fromEntries(inlineKb),
      details,
    },
    null,
    2,
  )}\n`,
)
