import { describe, expect, it } from 'vitest'
import { failureLines, playwrightReportOutcome, vitestReportOutcome } from './test-reports.ts'

// The reports as Vitest (--reporter=json) and Playwright (its json reporter) write them, cut to
// what is read.
const vitestReport = {
  numPassedTests: 3,
  numFailedTests: 1,
  testResults: [
    {
      name: '/repo/tests/integration/drill-whatsapp.test.ts',
      startTime: 1_000,
      endTime: 154_300,
      message: '',
      assertionResults: [
        { fullName: 'sends each notice once, on pglite', status: 'passed', failureMessages: [] },
        {
          fullName: 'sends each notice once, on postgres',
          status: 'failed',
          failureMessages: [
            '\u001b[31mAssertionError: expected [ …(1) ] to deeply equal []\u001b[39m\n- Expected\n+ Received',
          ],
        },
      ],
    },
    {
      name: '/repo/tests/integration/broken.test.ts',
      startTime: 2_000,
      endTime: 2_500,
      message: 'Failed to load url ./missing.ts',
      assertionResults: [],
    },
    {
      name: '/repo/tests/integration/fine.test.ts',
      startTime: 0,
      endTime: 1_000,
      assertionResults: [
        { fullName: 'a', status: 'passed', failureMessages: [] },
        { fullName: 'b', status: 'passed', failureMessages: [] },
      ],
    },
  ],
}

const playwrightReport = {
  stats: { expected: 5, unexpected: 1, flaky: 1 },
  suites: [
    {
      file: 'home.test.ts',
      specs: [
        { title: 'the hero', tests: [{ projectName: 'phone', status: 'expected', results: [{ duration: 1_500 }] }] },
      ],
      suites: [
        {
          file: 'home.test.ts',
          specs: [
            {
              title: 'the header reaches every page',
              tests: [
                {
                  projectName: 'desktop',
                  status: 'unexpected',
                  results: [
                    { duration: 2_000, error: { message: 'first try' } },
                    { duration: 3_000, error: { message: 'Error: expect(locator).toBeVisible() failed\nLocator: …' } },
                  ],
                },
                { projectName: 'phone', status: 'flaky', results: [{ duration: 500 }, { duration: 500 }] },
              ],
            },
          ],
        },
      ],
    },
  ],
}

describe('the test reports', () => {
  it("count vitest's tests, time its files, and name each failed test and each file that failed as a whole", () => {
    const outcome = vitestReportOutcome(JSON.stringify(vitestReport), '/repo', false)
    expect(outcome.passed).toBe(3)
    expect(outcome.failed).toBe(1)
    expect(outcome.files[0]).toEqual({ file: 'tests/integration/drill-whatsapp.test.ts', seconds: 153.3 })
    expect(outcome.failures).toEqual([
      {
        file: 'tests/integration/drill-whatsapp.test.ts',
        title: 'sends each notice once, on postgres',
        message: vitestReport.testResults[0]!.assertionResults[1]!.failureMessages[0],
      },
      {
        file: 'tests/integration/broken.test.ts',
        title: '(the file itself)',
        message: 'Failed to load url ./missing.ts',
      },
    ])
  })

  it('count a run that failed without a failed test (a file that did not load) as failed', () => {
    const onlyBroken = { ...vitestReport, numFailedTests: 0, testResults: [vitestReport.testResults[1]] }
    expect(vitestReportOutcome(JSON.stringify(onlyBroken), '/repo', false).failed).toBe(1)
    expect(vitestReportOutcome(JSON.stringify(onlyBroken), '/repo', true).failed).toBe(0)
  })

  it("count Playwright's tests (a flaky one passed), time its files, and name each failed test with its last error", () => {
    const outcome = playwrightReportOutcome(JSON.stringify(playwrightReport), false)
    expect(outcome.passed).toBe(6)
    expect(outcome.failed).toBe(1)
    expect(outcome.files).toEqual([{ file: 'tests/e2e/home.test.ts', seconds: 7.5 }])
    expect(outcome.failures).toEqual([
      {
        file: 'tests/e2e/home.test.ts',
        title: '[desktop] the header reaches every page',
        message: 'Error: expect(locator).toBeVisible() failed\nLocator: …',
      },
    ])
  })

  it('fail a phase whose report is not JSON', () => {
    expect(vitestReportOutcome('{"numPassed', '/repo', true)).toMatchObject({ passed: 0, failed: 1 })
    expect(playwrightReportOutcome('', true)).toMatchObject({ passed: 0, failed: 1 })
  })

  it("list the failures at the summary's end without colours or stack frames, each error cut to its first lines", () => {
    const long = Array.from({ length: 30 }, (_, index) => `line ${index}`).join('\n')
    const failures = Array.from({ length: 10 }, (_, index) => ({
      file: `tests/e2e/t${index}.test.ts`,
      title: `test ${index}`,
      message: index === 0 ? `\u001b[31mred\u001b[39m\n    at a stack frame (file.ts:1:1)\n${long}` : 'short',
    }))
    const lines = failureLines(failures)
    expect(lines.slice(0, 4)).toEqual([
      '',
      'failed (10; the start of each error)',
      '✗ tests/e2e/t0.test.ts › test 0',
      '    red',
    ])
    expect(lines.filter((line) => line.startsWith('    line '))).toHaveLength(11)
    expect(lines.filter((line) => line.startsWith('✗ '))).toHaveLength(8)
    expect(lines.at(-1)).toBe('… and 2 more, in the log above')
    expect(failureLines([])).toEqual([])
  })
})
