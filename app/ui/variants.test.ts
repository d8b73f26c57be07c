import { cva } from 'class-variance-authority'
import { describe, expect, it } from 'vitest'
import { variants } from './variants.ts'

// The shop's Button and Badge tables have this shape; every choice, with and without a className, must
// give the class string cva gives.
const base = 'inline-flex items-center'
const config = {
  variants: {
    variant: { default: 'bg-primary text-white', outline: 'border bg-card', ghost: 'hover:bg-secondary' },
    size: { default: 'h-10 px-4', sm: 'h-9 px-3', icon: 'size-10' },
  },
  defaultVariants: { variant: 'default', size: 'default' },
} as const

describe('variants: class names by variant, as cva makes them', () => {
  const ours = variants(base, config)
  const theirs = cva(base, config)
  const choices = <T>(values: readonly T[]) => [undefined, null, ...values]

  it('gives the same classes for every choice, default and none, with a className or without', () => {
    for (const variant of choices(['default', 'outline', 'ghost'] as const))
      for (const size of choices(['default', 'sm', 'icon'] as const))
        for (const className of [undefined, 'mt-2 w-full'])
          expect(ours({ variant, size, className }), `${variant} ${size} ${className}`).toBe(
            theirs({ variant, size, className }),
          )
    expect(ours()).toBe(theirs())
  })
})
