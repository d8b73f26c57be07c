// What each Lucide icon module calls to make its component (`createLucideIcon(__iconData)`), in place of
// lucide-react's own in the build (app/shell/shop-chunks.ts points the icons here). Lucide's goes through
// a context provider, a general attribute builder and name helpers the shop does not use: about 3 KB
// in the shell, loaded on every page. This renders the same markup for the props Lucide documents
// (size, color, strokeWidth, absoluteStrokeWidth, className, children and the SVG's own attributes);
// lucide-icon.test.ts compares the two.
import { createElement, type ReactNode, type Ref, type SVGProps } from 'react'

interface IconData {
  name: string
  size?: number
  node: [string, Record<string, string>][]
  aliases?: string[]
}

type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & {
  ref?: Ref<SVGSVGElement>
  size?: number | string
  absoluteStrokeWidth?: boolean
  nonScalingStroke?: boolean
  children?: ReactNode
}

/** Whether the icon is named to assistive technology: then it is not hidden from it. */
function isNamed(props: Record<string, unknown>, children: ReactNode): boolean {
  if (children) return true
  return Object.keys(props).some(
    (name) => (/^aria-/.test(name) || name === 'role' || name === 'title') && props[name] != null,
  )
}

export default function createLucideIcon(icon: IconData) {
  const box = icon.size ?? 24
  const classes = ['lucide', `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`)]
  // biome-ignore lint/correctness/noComponentHookFactories: each icon module makes its component once, at its top level, as Lucide's own factory does
  function LucideIcon({
    ref,
    color = 'currentColor',
    size = 24,
    width = size,
    height = size,
    strokeWidth = 2,
    absoluteStrokeWidth,
    nonScalingStroke,
    className = '',
    children,
    ...props
  }: IconProps) {
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width,
        height,
        viewBox: `0 0 ${box} ${box}`,
        fill: 'none',
        stroke: color,
        strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * box) / Number(width) : strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: [...new Set([...classes, ...className.split(' ').filter(Boolean)])].join(' '),
        ...(isNamed(props, children) ? {} : { 'aria-hidden': 'true' }),
        ...props,
      },
      [
        ...icon.node.map(([tag, attributes]) =>
          createElement(tag, nonScalingStroke ? { vectorEffect: 'non-scaling-stroke', ...attributes } : attributes),
        ),
        ...(Array.isArray(children) ? children : [children]),
      ],
    )
  }
  return LucideIcon
}
