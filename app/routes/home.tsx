import { ProductGrid } from '#app/catalog/product-grid.tsx'
import { listFeaturedProducts } from '#app/catalog/products.server.ts'
import { Hero } from '#app/home/hero.tsx'
import { ShareBlock } from '#app/home/share-block.tsx'
import { Testimonials } from '#app/home/testimonials.tsx'
import { WhyChoose } from '#app/home/why-choose.tsx'
import { Link, localize } from '#app/i18n/links.tsx'
import { getLocale } from '#app/i18n/page-locale.ts'
import { m } from '#app/paraglide/messages.js'
import { servicesContext } from '#app/platform/services.server.ts'
import { homeJsonLd } from '#app/seo/json-ld.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import { Button } from '#app/ui/button.tsx'
import type { Route } from './+types/home'

export const handle = INTERACTIVE_PAGE

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  return { bestsellers: await listFeaturedProducts(db, getLocale()) }
}

export const meta: Route.MetaFunction = (args) => {
  const root = args.matches[0]?.loaderData as
    | { publicUrl: string; settings: Parameters<typeof homeJsonLd>[1] }
    | undefined
  return pageMeta(args, {
    title: m.seo_home_title(),
    description: m.seo_home_description(),
    jsonLd: root ? homeJsonLd(root.publicUrl, root.settings) : [],
  })
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { settings, publicUrl } = matches[0].loaderData
  return (
    <>
      <Hero settings={settings} />
      <Testimonials testimonials={settings.testimonials} />
      <WhyChoose shopName={settings.shopName} />
      <section aria-labelledby="bestsellers-title" className="mx-auto max-w-6xl px-4 py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="bestsellers-title" className="text-3xl font-bold">
              {m.home_bestsellers()}
            </h2>
            <p className="mt-2 text-muted-foreground">{m.home_bestsellers_text()}</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/products">{m.home_view_all()}</Link>
          </Button>
        </div>
        <ProductGrid products={loaderData.bestsellers} showcase={settings.showcaseMode} eagerCount={0} />
      </section>
      <ShareBlock url={`${publicUrl}${localize('/')}`} text={m.home_share_text({ shopName: settings.shopName })} />
    </>
  )
}
