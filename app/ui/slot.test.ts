import { Slot as RadixSlot } from 'radix-ui'
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './button.tsx'
import { mergeSlotProps, Slot } from './slot.tsx'

const link = (props: Record<string, unknown>, ...children: ReactNode[]) => createElement('a', props, ...children)

describe("the slot of a Button's asChild", () => {
  const cases: [string, Record<string, unknown>, ReturnType<typeof link>][] = [
    [
      'classes joined, the child’s after',
      { className: 'h-10 px-4', 'data-slot': 'button' },
      link({ href: '/', className: 'mt-8' }, 'Home'),
    ],
    [
      'the child’s own props win',
      { id: 'slot', title: 'slot', style: { color: 'red' } },
      link({ id: 'child', style: { margin: 0 } }, 'x'),
    ],
    ['props only the slot has', { 'aria-label': 'Cart', tabIndex: -1 }, link({ href: '/cart' })],
  ]
  for (const [name, slotProps, child] of cases)
    it(`renders its child as Radix's Slot does: ${name}`, () => {
      const render = (Component: typeof Slot) => renderToStaticMarkup(createElement(Component, slotProps, child))
      expect(render(Slot)).toBe(render(RadixSlot.Root as unknown as typeof Slot))
    })

  it('renders a Button asChild as the link, with the button’s classes', () => {
    const markup = renderToStaticMarkup(
      createElement(
        Button,
        { asChild: true, variant: 'outline', className: 'h-11' },
        link({ href: '/products' }, 'Shop'),
      ),
    )
    expect(markup).toMatch(/^<a href="\/products" data-slot="button" class="[^"]*\bh-11\b[^"]*">Shop<\/a>$/)
    expect(markup).not.toMatch(/\bh-10\b/)
  })

  it('runs both handlers, the child’s first, and returns the child’s answer', () => {
    const calls: string[] = []
    const merged = mergeSlotProps(
      { onClick: vi.fn(() => calls.push('slot')) },
      {
        onClick: vi.fn(() => {
          calls.push('child')
          return 'child'
        }),
        onFocus: undefined,
      },
    )
    expect((merged.onClick as () => string)()).toBe('child')
    expect(calls).toEqual(['child', 'slot'])
    const slotOnly = vi.fn()
    expect(mergeSlotProps({ onFocus: slotOnly }, { onFocus: undefined }).onFocus).toBe(slotOnly)
  })
})
