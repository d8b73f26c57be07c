// /delivery?pin=: delivery to a PIN code (app/delivery); the PIN code box's answer and its page without JavaScript.
import { ArrowLeft } from 'lucide-react'
import { deliveryCheckLoader } from '#app/delivery/delivery-check.server.ts'
import { deliveryTexts } from '#app/delivery/delivery-texts.ts'
import { PinCodeBox } from '#app/delivery/pin-code-box.tsx'
import { Link } from '#app/i18n/links.tsx'
import { pageMeta } from '#app/seo/page-meta.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/delivery'

export const handle = INTERACTIVE_PAGE

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `${deliveryTexts.boxTitle()} | Malwa Namkeen`, noindex: true })

export const loader = (args: Route.LoaderArgs) => deliveryCheckLoader(args)

// The answer depends on the visitor's PIN cookie: never stored by a cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-8">
      <h1 className="sr-only">{deliveryTexts.boxTitle()}</h1>
      <PinCodeBox initial={loaderData} />
      <Link
        to={loaderData.from ?? '/products'}
        className="mt-4 inline-flex min-h-11 items-center gap-1 font-semibold text-primary underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> {deliveryTexts.back()}
      </Link>
    </div>
  )
}
