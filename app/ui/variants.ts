// Class names by variant, as class-variance-authority's `cva` makes them, for what the shop's Button
// and Badge use of it: a base, one class list per value of each variant, defaults, the caller's
// className last; no compound variants. The same strings (variants.test.ts holds it to cva), without
// cva's 2 KB in every page's script.
import { clsx } from 'clsx'

type VariantTable = Record<string, Record<string, string>>
type Choice<Table extends VariantTable> = { [Name in keyof Table]?: keyof Table[Name] | null }

export function variants<Table extends VariantTable>(
  base: string,
  config: { variants: Table; defaultVariants: { [Name in keyof Table]: keyof Table[Name] } },
) {
  return (props?: Choice<Table> & { className?: string }) =>
    clsx(
      base,
      Object.keys(config.variants).map((name) => {
        const chosen = props?.[name]
        // null asks for no class of that variant, as cva's does.
        return chosen === null ? null : config.variants[name]![String(chosen ?? config.defaultVariants[name])]
      }),
      props?.className,
    )
}

/** The variant props a `variants(…)` function takes, as cva's VariantProps. */
export type VariantProps<Make> = Make extends (props?: infer Props) => string
  ? Omit<NonNullable<Props>, 'className'>
  : never
