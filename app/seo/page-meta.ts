import type { MetaDescriptor } from 'react-router'
import { type SeoInput, seoMeta } from './meta.ts'

interface MetaArgsLike {
  location: { pathname: string }
  matches: ReadonlyArray<{ id: string; loaderData: unknown } | undefined>
}

/** seoMeta for a route's meta export: the origin comes from the root loader, the path from the location. */
export function pageMeta(
  args: MetaArgsLike,
  input: Omit<SeoInput, 'origin' | 'path'> & { path?: string },
): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as { publicUrl?: string } | undefined
  return seoMeta({ origin: root?.publicUrl ?? '', path: args.location.pathname, ...input })
}
