import { createLucideIcon as lucidesOwn } from 'lucide-react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import createLucideIcon from './lucide-icon.ts'

// Two icons' data as lucide-react 1.75's modules (dist/esm/icons/*.mjs) hold it, one with aliases.
const closeData = {
  name: 'x',
  size: 24,
  node: [
    ['path', { d: 'M18 6 6 18', key: '1bl5f8' }],
    ['path', { d: 'm6 6 12 12', key: 'd8bk6v' }],
  ] as [string, Record<string, string>][],
}
const alertData = {
  name: 'circle-exclamation-point',
  size: 24,
  node: [
    ['circle', { cx: '12', cy: '12', r: '10', key: '1mglay' }],
    ['line', { x1: '12', x2: '12', y1: '8', y2: '12', key: '1pkeuh' }],
    ['line', { x1: '12', x2: '12.01', y1: '16', y2: '16', key: '4dfq90' }],
  ] as [string, Record<string, string>][],
  aliases: ['alert-circle', 'circle-alert'],
}

const PROPS: Record<string, unknown>[] = [
  {},
  { className: 'size-4 shrink-0', 'aria-hidden': true },
  { className: 'lucide size-4' },
  { size: 16, color: 'red', strokeWidth: 1.5 },
  { size: 48, absoluteStrokeWidth: true },
  { width: 20, height: 18 },
  { 'aria-label': 'Close', role: 'img' },
  { nonScalingStroke: true, fill: 'currentColor', id: 'mark' },
]

describe("the shop's Lucide icons", () => {
  for (const data of [closeData, alertData])
    for (const props of PROPS)
      it(`render ${data.name} as Lucide does, with ${JSON.stringify(props)}`, () => {
        const render = (make: (icon: typeof data) => unknown) =>
          renderToStaticMarkup(createElement(make(data) as Parameters<typeof createElement>[0], props))
        expect(render(createLucideIcon)).toBe(render(lucidesOwn as (icon: typeof data) => unknown))
      })

  it('render children after the shapes, as Lucide does, and are then not hidden', () => {
    const render = (make: (icon: typeof closeData) => unknown) =>
      renderToStaticMarkup(
        createElement(
          make(closeData) as Parameters<typeof createElement>[0],
          null,
          createElement('title', null, 'Close'),
        ),
      )
    const markup = render(createLucideIcon)
    expect(markup).toMatch(/<\/path><title>Close<\/title><\/svg>$/)
    expect(markup).not.toContain('aria-hidden')
    expect(markup).toBe(render(lucidesOwn as (icon: typeof closeData) => unknown))
  })
})
