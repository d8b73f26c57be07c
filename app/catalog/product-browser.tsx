// The product browser on /products: a GET form whose state is the URL (so it works without
// JavaScript, and a shared link or a reload shows the same list), the featured and special-offer
// blocks, and the list itself with skeleton cards while a new list loads.
import { ChevronDown, Search, SearchX } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate, useNavigation } from 'react-router'
import { Link, localize } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { pageLoadOffline } from '#app/pwa/offline-notice-marker.ts'
import { useShowcaseMode } from '#app/settings/use-shop-settings.ts'
import { Button } from '#app/ui/button.tsx'
import {
  type BrowseView,
  browseSearch,
  categoryName,
  isDefaultView,
  isSort,
  parseBrowseView,
  SORTS,
  showsHighlights,
} from './browse.ts'
import { ProductGrid, ProductGridSkeleton } from './product-grid.tsx'
import type { ProductCardData } from './products.server.ts'

/** The skeleton cards shown while a list loads (spec section 9). */
const SKELETON_CARDS = 8
/** Typing pauses this long before the list follows the search box. */
const SEARCH_DEBOUNCE_MS = 350
/**
 * Cards in the first row load their pictures at once, at a preload's low priority: on a phone the
 * largest element of the first screen is text, and high-priority pictures there (preloaded ahead of the
 * stylesheet) delayed it. The rest wait until they are near.
 */
const FIRST_ROW = 4

export interface ProductBrowserData {
  products: ProductCardData[]
  featured: ProductCardData[]
  offers: ProductCardData[]
  /** The categories the filter offers: those with products on sale, in the owner's order. */
  categories: string[]
  /** The catalogue could not be read just now (logged on the server). */
  unavailable: boolean
}

export function ProductBrowser({ products, featured, offers, categories, unavailable }: ProductBrowserData) {
  const location = useLocation()
  const navigation = useNavigation()
  // While a new list loads, the controls and blocks already show what was asked for.
  const pending =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname
      ? navigation.location
      : undefined
  const params = new URLSearchParams((pending ?? location).search)
  const view = parseBrowseView(params, categories)
  const highlights = showsHighlights(params, categories)
  const loading = pending !== undefined
  const showcase = useShowcaseMode()

  useScrollToSection(params.get('section'), location.key)

  const showFeatured = highlights && featured.length > 0
  const showOffers = highlights && offers.length > 0
  return (
    <div className="mx-auto max-w-6xl px-4 pb-16">
      <BrowseForm view={view} categories={categories} />
      {showFeatured && (
        <ProductShelf
          id="featured"
          title={m.home_bestsellers()}
          description={m.shelf_bestsellers_text()}
          products={featured}
          showcase={showcase}
          eager
        />
      )}
      {showOffers && (
        <ProductShelf
          id="offers"
          title={m.shelf_offers()}
          description={m.shelf_offers_text()}
          products={offers}
          showcase={showcase}
          eager={!showFeatured}
        />
      )}
      <section aria-labelledby="product-list-title" className="mt-12 scroll-mt-20">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="product-list-title" className="text-2xl font-bold sm:text-3xl">
            {view.category ? categoryName(view.category) : m.all_products()}
          </h2>
          <div className="flex items-baseline gap-3">
            <p aria-live="polite" className="text-sm text-muted-foreground">
              {loading ? m.loading_products() : unavailable ? '' : resultSummary(products.length, view.q)}
            </p>
            {!isDefaultView(view) && (
              <Link
                to="/products"
                preventScrollReset
                className="text-sm font-semibold text-primary underline underline-offset-4 hover:no-underline"
              >
                {m.clear_filters()}
              </Link>
            )}
          </div>
        </div>
        {loading ? (
          <ProductGridSkeleton count={SKELETON_CARDS} />
        ) : products.length > 0 ? (
          <ProductGrid
            products={products}
            showcase={showcase}
            eagerCount={showFeatured || showOffers ? 0 : FIRST_ROW}
          />
        ) : (
          <EmptyResults view={view} unavailable={unavailable} />
        )}
      </section>
    </div>
  )
}

function resultSummary(count: number, q: string): string {
  if (q) return count === 1 ? m.result_matching_one({ count, q }) : m.result_matching_many({ count, q })
  return count === 1 ? m.result_one({ count }) : m.result_many({ count })
}

/** A link to /products?section=featured lands on the featured block, smoothly unless motion is reduced. */
function useScrollToSection(section: string | null, locationKey: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll once per arrival, not per render
  useEffect(() => {
    if (section !== 'featured') return
    const target = document.getElementById('featured')
    if (!target) return
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' })
  }, [locationKey])
}

function BrowseForm({ view, categories }: { view: BrowseView; categories: string[] }) {
  const navigate = useNavigate()
  const searchBox = useRef<HTMLInputElement>(null)
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined)
  const [q, setQ] = useState(view.q)

  // Follow the URL (back button, 'Show all products'), but never under the shopper's fingers.
  useEffect(() => {
    if (document.activeElement !== searchBox.current) setQ(view.q)
  }, [view.q])
  useEffect(() => () => clearTimeout(debounce.current), [])

  function show(next: Partial<BrowseView>, { replace = false } = {}) {
    clearTimeout(debounce.current)
    const search = browseSearch({ ...view, q, ...next })
    navigate(localize(`/products${search}`), { preventScrollReset: true, replace })
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    show({})
  }

  function onSearchChange(value: string) {
    setQ(value)
    clearTimeout(debounce.current)
    // Each keystroke replaces the last history entry instead of adding one.
    debounce.current = setTimeout(() => show({ q: value }, { replace: true }), SEARCH_DEBOUNCE_MS)
  }

  return (
    <search aria-label={m.find_namkeen()}>
      <form
        method="get"
        action={localize('/products')}
        {...pageLoadOffline}
        onSubmit={onSubmit}
        className="grid gap-3 rounded-xl border bg-card p-3 shadow-sm sm:gap-4 sm:p-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end"
      >
        <div className="grid gap-1.5">
          <label htmlFor="product-search" className="text-sm font-semibold text-brown">
            {m.search()}
          </label>
          <div className="flex gap-2">
            <div className="relative flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <input
                ref={searchBox}
                id="product-search"
                type="search"
                name="q"
                value={q}
                onChange={(event) => onSearchChange(event.target.value)}
                placeholder={m.search_placeholder()}
                enterKeyHint="search"
                autoComplete="off"
                maxLength={100}
                className="h-11 w-full rounded-md border border-input bg-background pr-3 pl-9 text-base outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
              />
            </div>
            {/* Without JavaScript the choices apply when the form is sent. */}
            <noscript>
              <Button type="submit" className="h-11">
                {m.apply()}
              </Button>
            </noscript>
          </div>
        </div>

        <div className="grid gap-3 min-[440px]:grid-cols-2 lg:flex lg:items-end">
          <Choice
            id="product-category"
            label={m.category()}
            name="category"
            value={view.category ?? ''}
            options={[
              { value: '', label: m.category_all() },
              ...categories.map((category) => ({ value: category, label: categoryName(category) })),
            ]}
            onChange={(value) => show({ category: categories.includes(value) ? value : null })}
          />
          <Choice
            id="product-sort"
            label={m.sort_by()}
            name="sort"
            value={view.sort}
            options={SORTS.map((sort) => ({ value: sort.value, label: sort.label() }))}
            onChange={(value) => {
              if (isSort(value)) show({ sort: value })
            }}
          />
        </div>
      </form>
    </search>
  )
}

/** A labelled native select: the phone's own picker, and it works without JavaScript. */
function Choice({
  id,
  label,
  name,
  value,
  options,
  onChange,
}: {
  id: string
  label: string
  name: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-brown">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-full appearance-none truncate rounded-md border border-input bg-background pr-9 pl-3 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:w-52"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
      </div>
    </div>
  )
}

function ProductShelf({
  id,
  title,
  description,
  products,
  showcase,
  eager,
}: {
  id: string
  title: string
  description: string
  products: ProductCardData[]
  showcase: boolean
  eager: boolean
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-12 scroll-mt-20">
      <h2 id={`${id}-title`} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <p className="mt-1 text-muted-foreground">{description}</p>
      <ProductGrid products={products} showcase={showcase} eagerCount={eager ? FIRST_ROW : 0} />
    </section>
  )
}

function EmptyResults({ view, unavailable }: { view: BrowseView; unavailable: boolean }) {
  const category = view.category ? categoryName(view.category) : null
  if (unavailable) {
    return (
      <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
        <h3 className="text-xl font-bold">{m.products_unavailable_title()}</h3>
        <p className="mt-2 max-w-md text-muted-foreground">{m.products_unavailable_text()}</p>
        <Button asChild className="mt-6">
          <Link to={`/products${browseSearch(view)}`} reloadDocument>
            {m.try_again()}
          </Link>
        </Button>
      </div>
    )
  }
  return (
    <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <SearchX className="size-10 text-muted-foreground" aria-hidden />
      <h3 className="mt-4 text-xl font-bold">{m.no_products_title()}</h3>
      <p className="mt-2 max-w-md text-muted-foreground">
        {view.q
          ? category
            ? m.no_match_in({ category, q: view.q })
            : m.no_match({ q: view.q })
          : category
            ? m.no_products_in({ category })
            : m.no_products_yet()}{' '}
        {m.try_another_word()}
      </p>
      <Button asChild className="mt-6">
        <Link to="/products" preventScrollReset>
          {m.show_all_products()}
        </Link>
      </Button>
    </div>
  )
}
