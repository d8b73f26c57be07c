// The admin's Products tab (spec section 2): 'Product Management' with Add Product, the products on
// sale as cards, and apart from them the archived ones (ordered before, so kept rather than deleted).
// The search lives in the URL (a GET form), like the orders desk's filters.
import { Archive, Package, Plus, Search } from 'lucide-react'
import { Form, Link, useNavigation } from 'react-router'
import { FIELD_CLASS } from '#app/orders/admin/field-class.ts'
import { pageLoadOffline } from '#app/pwa/offline-notice-marker.ts'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import type { AdminProductCard as Product } from '../admin-products.server.ts'
import { AdminProductCard } from './admin-product-card.tsx'
import { useProductActionAnswers } from './product-action.ts'

const ADMIN_PRODUCTS_PATH = '/admin/products'
const TAB_TITLE_ID = 'products-tab-title'
/** Where the focus goes when the card that had it is gone (a product deleted). */
const tabTitle = () => document.getElementById(TAB_TITLE_ID)

export function ProductsTab({ q, products, archived }: { q: string; products: Product[]; archived: Product[] }) {
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === ADMIN_PRODUCTS_PATH
  const count = products.length
  useProductActionAnswers(tabTitle)
  return (
    <section aria-labelledby={TAB_TITLE_ID} className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={TAB_TITLE_ID} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
          Product Management
        </h2>
        <Button asChild className="h-11">
          <Link to="/admin/products/new">
            <Plus aria-hidden />
            Add Product
          </Link>
        </Button>
      </div>

      <Form
        key={q}
        method="get"
        action={ADMIN_PRODUCTS_PATH}
        {...pageLoadOffline}
        role="search"
        aria-label="Search products"
        className="flex flex-wrap items-end gap-2 rounded-xl border bg-card p-4 shadow-sm"
      >
        <div className="grid min-w-0 flex-1 basis-48 gap-1">
          <label htmlFor="product-search" className="text-sm font-semibold">
            Search by name
          </label>
          <input
            id="product-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            placeholder="e.g. sev"
            className={FIELD_CLASS}
          />
        </div>
        <Button type="submit" className="h-11">
          <Search aria-hidden />
          Search
        </Button>
        {q && (
          <Button asChild variant="ghost" className="h-11">
            <Link to={ADMIN_PRODUCTS_PATH}>Show all</Link>
          </Button>
        )}
      </Form>

      <div aria-busy={loading} className={cn('grid gap-3 transition-opacity', loading && 'opacity-60')}>
        <p role="status" className="text-sm text-muted-foreground">
          {count === 0
            ? ''
            : `${count.toLocaleString('en-IN')} ${count === 1 ? 'product' : 'products'} on sale${q ? ` matching “${q}”` : ''}, newest first`}
        </p>
        {count === 0 ? (
          <EmptyList searched={q !== ''} />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Products on sale">
            {products.map((product) => (
              <li key={product.id}>
                <AdminProductCard product={product} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {archived.length > 0 && (
        <section aria-labelledby="archived-products-title" className="grid gap-3">
          <div>
            <h3 id="archived-products-title" className="flex items-center gap-2 text-xl font-bold">
              <Archive className="size-5 text-muted-foreground" aria-hidden />
              Archived products
            </h3>
            <p className="text-sm text-muted-foreground">
              Deleted after they had been ordered: hidden from the shop, kept in past orders. Restore puts one back on
              sale.
            </p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Archived products">
            {archived.map((product) => (
              <li key={product.id}>
                <AdminProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  )
}

function EmptyList({ searched }: { searched: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <Package className="size-10 text-muted-foreground/60" aria-hidden />
      <p className="text-lg font-semibold">{searched ? 'No product matches this name' : 'No products yet'}</p>
      <Button asChild variant="outline" className="h-11">
        {searched ? (
          <Link to={ADMIN_PRODUCTS_PATH}>Show all products</Link>
        ) : (
          <Link to="/admin/products/new">Add your first product</Link>
        )}
      </Button>
    </div>
  )
}
