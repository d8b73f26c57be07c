// `npm test`: every check in order (typecheck, lint, production build, unit, integration,
// end-to-end), then one line `N passed, N failed` summing every test runner. Exits non-zero on any
// failure. Typecheck, lint and build count as one check each.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'

const results = 'test-results'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

let passed = 0
let failed = 0

function run(command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function check(name: string, command: string, args: string[]) {
  if (run(command, args)) passed++
  else {
    failed++
    console.error(`✗ ${name} failed`)
  }
}

interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  numTotalTestSuites: number
  numFailedTestSuites: number
}

function vitest(project: string) {
  const outputFile = `${results}/${project}.json`
  const ok = run('vitest', [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${outputFile}`,
  ])
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8')) as VitestReport
    passed += report.numPassedTests
    failed += report.numFailedTests
    // A file that fails to load has no failed tests of its own: count it.
    if (!ok && report.numFailedTests === 0) failed++
  } catch {
    failed++
  }
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number }
}

function playwright() {
  const ok = run('playwright', ['test'], { CI: process.env.CI ?? '1' })
  try {
    const report = JSON.parse(readFileSync(`${results}/e2e.json`, 'utf8')) as PlaywrightReport
    passed += report.stats.expected + report.stats.flaky
    failed += report.stats.unexpected
    if (!ok && report.stats.unexpected === 0) failed++
  } catch {
    failed++
  }
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck'])
check('lint', 'biome', ['check', '.'])
const built = run('react-router', ['build'])
if (built) passed++
else failed++
vitest('unit')
if (built) {
  vitest('integration')
  playwright()
} else {
  console.error('✗ the production build failed: integration and end-to-end tests need it')
}

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
