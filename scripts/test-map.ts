// `npm run test:map`: the promise-by-promise map of docs/testing.md, from the test runners' own
// listings (nothing runs): each test file, and under it a line per test, whose name is the promise it
// proves; an end-to-end test names the widths it runs at, and "%s" in an integration test's name is
// the database it runs on, once on each. Printed as Markdown, to be pasted over the map in
// docs/testing.md after tests were added, moved or merged.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const list = (command: string, args: string[]) =>
  JSON.parse(
    execFileSync(path.join(root, 'node_modules/.bin', command), args, {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  ) as unknown

/** A file's promises, each with the widths it runs at (end-to-end). */
const map = new Map<string, Map<string, Set<string>>>()
function add(file: string, promise: string, width?: string) {
  const promises = map.get(file) ?? map.set(file, new Map()).get(file)!
  const widths = promises.get(promise) ?? promises.set(promise, new Set()).get(promise)!
  if (width) widths.add(width)
}

for (const test of list('vitest', ['list', '--json']) as { name: string; file: string }[]) {
  add(path.relative(root, test.file), test.name)
}

interface PlaywrightSuite {
  title: string
  file: string
  suites?: PlaywrightSuite[]
  specs?: { title: string; tests: { projectName: string }[] }[]
}
function walk(suite: PlaywrightSuite, titles: string[]) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) add(`tests/e2e/${suite.file}`, [...titles, spec.title].join(' > '), test.projectName)
  }
  for (const inner of suite.suites ?? []) walk(inner, [...titles, inner.title])
}
const report = list('playwright', ['test', '--list', '--reporter=json']) as { suites: PlaywrightSuite[] }
for (const suite of report.suites) walk(suite, [])

let count = 0
for (const file of [...map.keys()].sort()) {
  console.log(`\n### ${file}`)
  for (const [promise, widths] of map.get(file)!) {
    count++
    console.log(`- ${promise}${widths.size ? ` (${[...widths].sort().join(', ')})` : ''}`)
  }
}
console.error(`${count} promises in ${map.size} files`)
