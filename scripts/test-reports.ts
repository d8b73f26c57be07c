// What `npm test` (scripts/test-all.ts) reads of the test runners' JSON reports: how many passed and
// failed, how long each file took, and each failed test with its error, for the summary at the end of
// the log (often all that is kept of a CI run: the failures are listed there, not only above).
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'

/** A failed test: its file, its name, and what it said. */
export interface Failure {
  file: string
  title: string
  message: string
}

/** What a phase counted, how long its files took, and what failed. */
export interface Outcome {
  passed: number
  failed: number
  files: { file: string; seconds: number }[]
  failures: Failure[]
}

/** How many failed tests the summary shows, and how many lines of each one's error. */
const FAILURES_SHOWN = 8
const ERROR_LINES = 12
/** A stack trace's line, left out: the error's own words say more in the lines there are. */
const STACK_FRAME = /^\s+at /

/** A report that could not be read: the phase failed as a whole (its output above says why). */
export function unreadable(report: string): Outcome {
  return {
    passed: 0,
    failed: 1,
    files: [],
    failures: [{ file: report, title: 'no report', message: 'the runner wrote no report that could be read' }],
  }
}

interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  testResults: {
    name: string
    startTime: number
    endTime: number
    /** Why a file failed as a whole (it did not load, a hook threw). */
    message?: string
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[]
  }[]
}

/** Vitest's JSON report (`--reporter=json`); `ok` is whether the run exited 0. File names relative to `root`. */
export function vitestReportOutcome(text: string, root: string, ok: boolean): Outcome {
  let report: VitestReport
  try {
    report = JSON.parse(text) as VitestReport
  } catch {
    return unreadable('the vitest report')
  }
  const files = report.testResults.map((file) => ({ ...file, file: path.relative(root, file.name) }))
  const failures = files.flatMap(({ file, message, assertionResults }) => {
    const tests = assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({ file, title: test.fullName, message: test.failureMessages.join('\n') }))
    return tests.length > 0 || !message ? tests : [{ file, title: '(the file itself)', message }]
  })
  return {
    passed: report.numPassedTests,
    // A file that fails to load has no failed tests of its own: it counts as one.
    failed: report.numFailedTests || (ok ? 0 : Math.max(1, failures.length)),
    files: files.map(({ file, startTime, endTime }) => ({ file, seconds: (endTime - startTime) / 1000 })),
    failures,
  }
}

interface PlaywrightSuite {
  file: string
  suites?: PlaywrightSuite[]
  specs?: {
    title: string
    tests: { projectName: string; status: string; results: { duration: number; error?: { message?: string } }[] }[]
  }[]
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number }
  suites: PlaywrightSuite[]
}

/** Playwright's JSON report; `ok` is whether the run exited 0. Its files are under tests/e2e. */
export function playwrightReportOutcome(text: string, ok: boolean): Outcome {
  let report: PlaywrightReport
  try {
    report = JSON.parse(text) as PlaywrightReport
  } catch {
    return unreadable('the playwright report')
  }
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected || (ok ? 0 : 1),
    files: report.suites.map((suite) => ({ file: `tests/e2e/${suite.file}`, seconds: playwrightSeconds(suite) })),
    failures: report.suites.flatMap((suite) => playwrightFailures(suite, `tests/e2e/${suite.file}`)),
  }
}

/** The time a file's tests took, at every width and retry (a file's tests run on both workers). */
function playwrightSeconds(suite: PlaywrightSuite): number {
  const own = (suite.specs ?? []).flatMap((spec) => spec.tests.flatMap((test) => test.results))
  return (
    own.reduce((sum, result) => sum + result.duration / 1000, 0) +
    (suite.suites ?? []).reduce((sum, inner) => sum + playwrightSeconds(inner), 0)
  )
}

/** A file's tests that failed at some width (after their retries), each with its last try's error. */
function playwrightFailures(suite: PlaywrightSuite, file: string): Failure[] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === 'unexpected')
      .map((test) => ({
        file,
        title: `[${test.projectName}] ${spec.title}`,
        message: test.results.at(-1)?.error?.message ?? '',
      })),
  )
  return [...own, ...(suite.suites ?? []).flatMap((inner) => playwrightFailures(inner, file))]
}

/** The summary's list of failed tests, each with the first lines of its error (none when nothing failed). */
export function failureLines(failures: readonly Failure[]): string[] {
  if (failures.length === 0) return []
  const lines = ['', `failed (${failures.length}; the start of each error)`]
  for (const { file, title, message } of failures.slice(0, FAILURES_SHOWN)) {
    lines.push(`✗ ${file} › ${title}`)
    const said = stripVTControlCharacters(message)
      .trim()
      .split('\n')
      .filter((line) => !STACK_FRAME.test(line))
      .slice(0, ERROR_LINES)
    lines.push(...said.map((line) => `    ${line}`))
  }
  if (failures.length > FAILURES_SHOWN) lines.push(`… and ${failures.length - FAILURES_SHOWN} more, in the log above`)
  return lines
}
