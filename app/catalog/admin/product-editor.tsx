// The add and edit form of a product (spec sections 3 and 5): checked in the browser with the
// action's own schema, sent by a fetcher, answered with the spec's toasts. The slug follows the name
// of a new product until the owner edits it; an existing product keeps its address unless the owner
// changes it (the old address then redirects). Choosing Premium or Satwik fills in its preset prices.

import { ArrowLeft, CircleAlert, Save } from 'lucide-react'
import { type FormEvent, type ReactNode, useRef, useState } from 'react'
import { Link, useActionData, useFetcher, useNavigate } from 'react-router'
import { useOpenedVersion } from '#app/admin/use-opened-version.ts'
import { Field, TextArea, TextInput } from '#app/contact/form-field.tsx'
import { ImageField } from '#app/media/image-field.tsx'
import { slugify } from '#app/shared/slug.ts'
import { PACK_PARCELS, type Parcel } from '#app/shipping/parcels.ts'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { toast, toastAnswer } from '#app/ui/toast.tsx'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import type { ProductActionResult, ProductEditorData } from '../product-admin-routes.server.ts'
import {
  CATEGORY_PRESETS,
  GST_RATES,
  NEW_CATEGORY,
  PARCEL_FIELDS,
  PRICE_FIELDS,
  PRODUCT_FIELDS,
  PRODUCT_LIMITS,
  type ProductField,
  type ProductFieldErrors,
  productFormValues,
  SHOWN_STOCK_FIELDS,
  STOCK_FIELDS,
  validateProductForm,
} from '../product-form.ts'
import { SIZES, type Size } from '../sizes.ts'

const SELECT_CLASS =
  'h-11 w-full min-w-0 rounded-md border border-input bg-card px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive'

const id = (field: ProductField) => `product-${field}`

/** A parcel's figures as the form asks for them, weight first. */
const PARCEL_INPUTS = [
  { key: 'weightGrams', label: 'Weight (g)', inputMode: 'numeric' },
  { key: 'lengthCm', label: 'Length (cm)', inputMode: 'decimal' },
  { key: 'breadthCm', label: 'Breadth (cm)', inputMode: 'decimal' },
  { key: 'heightCm', label: 'Height (cm)', inputMode: 'decimal' },
] as const satisfies readonly { key: keyof Parcel; label: string; inputMode: 'numeric' | 'decimal' }[]

/** The Hindi twins of the English texts, each with its twin's limit. */
const HINDI_FIELDS = [
  { field: 'nameHi', label: 'Name in Hindi', limit: PRODUCT_LIMITS.name, rows: 1 },
  { field: 'descriptionHi', label: 'Description in Hindi', limit: PRODUCT_LIMITS.description, rows: 4 },
  { field: 'ingredientsHi', label: 'Ingredients in Hindi', limit: PRODUCT_LIMITS.ingredients, rows: 3 },
  { field: 'allergensHi', label: 'Allergens in Hindi', limit: PRODUCT_LIMITS.allergens, rows: 2 },
  { field: 'storageAdviceHi', label: 'Storage advice in Hindi', limit: PRODUCT_LIMITS.storageAdvice, rows: 2 },
] as const satisfies readonly { field: ProductField; label: string; limit: number; rows: number }[]

export function ProductEditor({ categories, product, values }: ProductEditorData) {
  const fetcher = useFetcher<ProductActionResult>()
  const navigate = useNavigate()
  const form = useRef<HTMLFormElement>(null)
  const [version] = useOpenedVersion(product?.version)
  const [name, setName] = useState(values.name)
  const [slug, setSlug] = useState(values.slug)
  const [slugEdited, setSlugEdited] = useState(product !== null)
  const shownSlug = slug || slugify(name)
  const pagePath = shownSlug && `/products/${shownSlug}`
  const [category, setCategory] = useState(values.category)
  const [prices, setPrices] = useState<Record<Size, string>>({
    '250g': values.price250g,
    '500g': values.price500g,
    '1kg': values.price1kg,
  })
  const [shownStock, setShownStock] = useState(product?.stock)
  // Without JavaScript the form posts as a page, and the page shows the answer.
  const posted = useActionData<ProductActionResult>()
  const [errors, setErrors] = useState<ProductFieldErrors>((posted && !posted.ok && posted.fieldErrors) || {})
  const [stockNotice, setStockNotice] = useState<string | null>(null)
  const saving = fetcher.state !== 'idle'

  useNewAnswer(fetcher.data, (result) => {
    toastAnswer(result)
    if (result.ok) {
      navigate('/admin/products')
      return
    }
    setErrors(result.fieldErrors ?? {})
    if (result.currentStock) {
      // The form now knows the shop's figures: saving again sets the owner's, on purpose.
      setShownStock(result.currentStock)
      setStockNotice(result.message)
    }
    const first = PRODUCT_FIELDS.find((field) => result.fieldErrors?.[field])
    if (first) document.getElementById(id(first))?.focus()
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = validateProductForm(productFormValues(new FormData(event.currentTarget)))
    if (checked.ok) {
      setErrors({})
      return
    }
    event.preventDefault()
    setErrors(checked.fieldErrors)
    const count = Object.keys(checked.fieldErrors).length
    toast.error('Failed to save product', {
      description:
        count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`,
    })
    const first = PRODUCT_FIELDS.find((field) => checked.fieldErrors[field])
    if (first) document.getElementById(id(first))?.focus()
  }

  /** Re-checks one field once it has been marked wrong, so the message goes as soon as it is right. */
  function recheck(field: ProductField) {
    if (!errors[field] || !form.current) return
    const checked = validateProductForm(productFormValues(new FormData(form.current)))
    const message = checked.ok ? undefined : checked.fieldErrors[field]
    setErrors((previous) => ({ ...previous, [field]: message }))
  }

  function chooseCategory(next: string) {
    setCategory(next)
    const preset = CATEGORY_PRESETS[next]
    if (preset) setPrices((previous) => ({ ...previous, ...preset }))
  }

  const action = product ? `/admin/products/${product.id}` : '/admin/products/new'
  return (
    <section aria-labelledby="product-editor-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <Link
            to="/admin/products"
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden />
            All products
          </Link>
          <h2 id="product-editor-title" className="text-2xl font-bold break-words sm:text-3xl">
            {product ? `Edit ${product.name}` : 'Add Product'}
          </h2>
        </div>
      </div>
      {product?.archived && (
        <p role="note" className="rounded-lg border border-turmeric bg-secondary px-4 py-3 text-sm">
          This product is archived: hidden from the shop and kept in past orders. Restore it from the product list to
          sell it again.
        </p>
      )}

      {posted && (
        <p
          role={posted.ok ? 'status' : 'alert'}
          className={cn(
            'rounded-md border px-4 py-3 text-sm font-medium',
            posted.ok
              ? 'border-success/30 bg-success/10 text-success'
              : 'border-destructive/40 bg-destructive/5 text-destructive',
          )}
        >
          {posted.title}: {posted.message}
        </p>
      )}

      <fetcher.Form
        ref={form}
        method="post"
        action={action}
        noValidate
        onSubmit={onSubmit}
        onInput={(event) => {
          const target = event.target
          if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) {
            recheck(target.name as ProductField)
          }
        }}
        className="grid gap-6"
      >
        {product && (
          <>
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="version" value={version} />
            {shownStock &&
              SIZES.map((size) => (
                <input key={size} type="hidden" name={SHOWN_STOCK_FIELDS[size]} value={shownStock[size]} />
              ))}
          </>
        )}

        <FormSection title="The product">
          <Field id={id('name')} label="Name" error={errors.name}>
            {(described) => (
              <TextInput
                id={id('name')}
                name="name"
                required
                maxLength={PRODUCT_LIMITS.name}
                value={name}
                onChange={(event) => {
                  setName(event.target.value)
                  if (!slugEdited) setSlug(slugify(event.target.value))
                }}
                {...described}
              />
            )}
          </Field>
          <Field
            id={id('slug')}
            label="Web address (slug)"
            error={errors.slug}
            hint={
              <>
                {pagePath ? `The page is ${pagePath}.` : 'The page’s address is made from the name.'}
                {product && ' If you change it, the old address leads to the new one.'}
              </>
            }
          >
            {(described) => (
              <TextInput
                id={id('slug')}
                name="slug"
                maxLength={PRODUCT_LIMITS.slug}
                autoCapitalize="none"
                spellCheck={false}
                value={slug}
                onChange={(event) => {
                  setSlugEdited(true)
                  setSlug(event.target.value)
                }}
                onBlur={() => setSlug(slugify(slug))}
                {...described}
              />
            )}
          </Field>
          <Field
            id={id('category')}
            label="Category"
            error={errors.category}
            hint="Premium Products and Satwik Products fill in their usual 250g and 500g prices."
          >
            {(described) => (
              <select
                id={id('category')}
                name="category"
                value={category}
                onChange={(event) => chooseCategory(event.target.value)}
                className={SELECT_CLASS}
                {...described}
              >
                <option value="">Choose a category</option>
                {categories.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
                <option value={NEW_CATEGORY}>Add a new category…</option>
              </select>
            )}
          </Field>
          {category === NEW_CATEGORY && (
            <Field id={id('newCategory')} label="New category's name" error={errors.newCategory}>
              {(described) => (
                <TextInput
                  id={id('newCategory')}
                  name="newCategory"
                  maxLength={PRODUCT_LIMITS.category}
                  defaultValue={values.newCategory}
                  {...described}
                />
              )}
            </Field>
          )}
          <Field id={id('description')} label="Description" optional error={errors.description}>
            {(described) => (
              <TextArea
                id={id('description')}
                name="description"
                rows={4}
                maxLength={PRODUCT_LIMITS.description}
                defaultValue={values.description}
                {...described}
              />
            )}
          </Field>
          <div className="grid gap-1.5">
            <ImageField name="imageUrl" label="Image" defaultValue={values.imageUrl || null} folder="products" />
            {errors.imageUrl && <ErrorLine id={`${id('imageUrl')}-error`}>{errors.imageUrl}</ErrorLine>}
          </div>
        </FormSection>

        <FormSection title="Sizes, prices and stock" description="Prices in rupees. A size with price 0 is not sold.">
          {stockNotice && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm font-medium text-destructive"
            >
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {stockNotice}
            </p>
          )}
          <div className="grid gap-3 md:grid-cols-3">
            {SIZES.map((size) => {
              const priceField = PRICE_FIELDS[size]
              const stockField = STOCK_FIELDS[size]
              const notSold = Number(prices[size] || '0') === 0
              return (
                <fieldset key={size} className="grid gap-3 rounded-lg border bg-muted/30 p-3">
                  <legend className="px-1 font-bold text-brown">
                    {size}
                    {notSold && <span className="ml-2 text-sm font-semibold text-chilli">Not sold</span>}
                  </legend>
                  <div className="grid grid-cols-2 gap-3">
                    <Field id={id(priceField)} label={`Price ${size} (₹)`} error={errors[priceField]}>
                      {(described) => (
                        <TextInput
                          id={id(priceField)}
                          name={priceField}
                          inputMode="decimal"
                          value={prices[size]}
                          onChange={(event) => setPrices((previous) => ({ ...previous, [size]: event.target.value }))}
                          {...described}
                        />
                      )}
                    </Field>
                    <Field
                      id={id(stockField)}
                      label={`Stock ${size}`}
                      error={errors[stockField]}
                      hint={shownStock ? `Shop has ${shownStock[size]}` : undefined}
                    >
                      {(described) => (
                        <TextInput
                          id={id(stockField)}
                          name={stockField}
                          inputMode="numeric"
                          defaultValue={values[stockField]}
                          {...described}
                        />
                      )}
                    </Field>
                  </div>
                </fieldset>
              )
            })}
          </div>
        </FormSection>

        <FormSection
          title="Shipping parcel"
          description="What each pack weighs and measures packed, for booking the courier. Leave a figure empty for the pack's usual one, shown in grey."
        >
          <div className="grid gap-3 md:grid-cols-3">
            {SIZES.map((size) => {
              const pack = PACK_PARCELS[size]
              // A size not sold has no parcel: its figures are kept for when it is priced again, but
              // not sent (a disabled fieldset's fields are not posted).
              const notSold = Number(prices[size] || '0') === 0
              return (
                <fieldset
                  key={size}
                  disabled={notSold}
                  className="grid content-start gap-3 rounded-lg border bg-muted/30 p-3"
                >
                  <legend className="px-1 font-bold text-brown">
                    {size}
                    {notSold && <span className="ml-2 text-sm font-semibold text-chilli">Not sold</span>}
                  </legend>
                  <p className="text-xs text-muted-foreground">
                    {notSold
                      ? `Give ${size} a price to set its parcel.`
                      : `Usual: ${pack.weightGrams.toLocaleString('en-IN')} g, ${pack.lengthCm} × ${pack.breadthCm} × ${pack.heightCm} cm.`}
                  </p>
                  <div className={cn('grid grid-cols-2 gap-3', notSold && 'hidden')}>
                    {PARCEL_INPUTS.map(({ key, label, inputMode }) => {
                      const field = PARCEL_FIELDS[size][key]
                      return (
                        <Field key={key} id={id(field)} label={label} error={errors[field]}>
                          {(described) => (
                            <TextInput
                              id={id(field)}
                              name={field}
                              aria-label={`${label}, ${size}`}
                              inputMode={inputMode}
                              placeholder={String(pack[key])}
                              defaultValue={values[field]}
                              {...described}
                            />
                          )}
                        </Field>
                      )
                    })}
                  </div>
                </fieldset>
              )
            })}
          </div>
        </FormSection>

        <FormSection title="Offer">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id('discountPercentage')}
              label="Discount (%)"
              error={errors.discountPercentage}
              hint="A whole number from 0 to 100; above 0 the card shows 'N% OFF'."
            >
              {(described) => (
                <TextInput
                  id={id('discountPercentage')}
                  name="discountPercentage"
                  inputMode="numeric"
                  defaultValue={values.discountPercentage}
                  {...described}
                />
              )}
            </Field>
            <Checkbox
              name="isFeatured"
              label="Featured"
              hint="Shown among the bestsellers on the home and products pages."
              defaultChecked={values.isFeatured === 'on'}
            />
          </div>
        </FormSection>

        <FormSection title="Tax" description="Printed on the tax invoice. Prices are MRP, this GST included.">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={id('hsnCode')}
              label="HSN code"
              error={errors.hsnCode}
              hint="4, 6 or 8 digits: 2106 90 for namkeen."
            >
              {(described) => (
                <TextInput
                  id={id('hsnCode')}
                  name="hsnCode"
                  inputMode="numeric"
                  maxLength={12}
                  defaultValue={values.hsnCode}
                  {...described}
                />
              )}
            </Field>
            <Field
              id={id('gstRate')}
              label="GST rate"
              error={errors.gstRate}
              hint="5% for namkeen since 22 September 2025."
            >
              {(described) => (
                <select
                  id={id('gstRate')}
                  name="gstRate"
                  defaultValue={values.gstRate}
                  className={SELECT_CLASS}
                  {...described}
                >
                  {GST_RATES.map((rate) => (
                    <option key={rate} value={rate}>
                      {rate}%
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </FormSection>
        <FormSection title="Pack label" description="What the pack carries, shown on the product's page.">
          <Field id={id('ingredients')} label="Ingredients" optional error={errors.ingredients}>
            {(described) => (
              <TextArea
                id={id('ingredients')}
                name="ingredients"
                rows={3}
                className="min-h-20"
                maxLength={PRODUCT_LIMITS.ingredients}
                defaultValue={values.ingredients}
                {...described}
              />
            )}
          </Field>
          <Field id={id('allergens')} label="Allergens" optional error={errors.allergens}>
            {(described) => (
              <TextArea
                id={id('allergens')}
                name="allergens"
                rows={2}
                className="min-h-20"
                maxLength={PRODUCT_LIMITS.allergens}
                defaultValue={values.allergens}
                {...described}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Checkbox
              name="isVegetarian"
              label="Vegetarian"
              hint="Shows the green vegetarian mark."
              defaultChecked={values.isVegetarian === 'on'}
            />
            <Field
              id={id('bestBeforeDays')}
              label="Best before (days)"
              optional
              error={errors.bestBeforeDays}
              hint="Days from packing."
            >
              {(described) => (
                <TextInput
                  id={id('bestBeforeDays')}
                  name="bestBeforeDays"
                  inputMode="numeric"
                  defaultValue={values.bestBeforeDays}
                  {...described}
                />
              )}
            </Field>
          </div>
          <Field id={id('storageAdvice')} label="Storage advice" optional error={errors.storageAdvice}>
            {(described) => (
              <TextArea
                id={id('storageAdvice')}
                name="storageAdvice"
                rows={2}
                className="min-h-20"
                maxLength={PRODUCT_LIMITS.storageAdvice}
                defaultValue={values.storageAdvice}
                {...described}
              />
            )}
          </Field>
        </FormSection>

        <FormSection
          title="Hindi (optional)"
          description="Shown on the shop's Hindi pages (/hi/…). A field left empty shows the English there."
        >
          {HINDI_FIELDS.map(({ field, label, limit, rows }) => (
            <Field key={field} id={id(field)} label={label} optional error={errors[field]}>
              {(described) =>
                rows === 1 ? (
                  <TextInput
                    id={id(field)}
                    name={field}
                    lang="hi"
                    maxLength={limit}
                    defaultValue={values[field]}
                    {...described}
                  />
                ) : (
                  <TextArea
                    id={id(field)}
                    name={field}
                    lang="hi"
                    rows={rows}
                    className={rows < 4 ? 'min-h-20' : undefined}
                    maxLength={limit}
                    defaultValue={values[field]}
                    {...described}
                  />
                )
              }
            </Field>
          ))}
        </FormSection>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline" className="h-11">
            <Link to="/admin/products">Cancel</Link>
          </Button>
          <Button type="submit" className="h-11" disabled={saving}>
            <Save aria-hidden />
            {saving ? 'Saving...' : product ? 'Update Product' : 'Add Product'}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  )
}

function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <legend className="sr-only">{title}</legend>
      <div aria-hidden>
        <p className="text-lg font-bold text-brown">{title}</p>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </fieldset>
  )
}

function Checkbox({
  name,
  label,
  hint,
  defaultChecked,
}: {
  name: 'isFeatured' | 'isVegetarian'
  label: string
  hint: string
  defaultChecked: boolean
}) {
  return (
    <div className="flex items-start gap-3 self-center">
      <input
        id={id(name)}
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={`${id(name)}-hint`}
        className="mt-0.5 size-6 shrink-0 accent-primary"
      />
      <div>
        <label htmlFor={id(name)} className={cn('font-semibold text-brown')}>
          {label}
        </label>
        <p id={`${id(name)}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  )
}

function ErrorLine({ id: errorId, children }: { id: string; children: ReactNode }) {
  return (
    <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-destructive">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      {children}
    </p>
  )
}
