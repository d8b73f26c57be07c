// The Products tab's HTTP side: what its pages read, which operation a form calls, and how refusals
// become 4xx answers with the spec's toast titles ('Failed to save product', 'Failed to delete
// product') and a message next to the field at fault. Pages ask findAdmin (the layout shows the login
// form to anyone else); actions ask requireAdmin and check the origin.

import { data, type RouterContextProvider } from 'react-router'
import { assertSameOrigin } from '#app/accounts/session.server.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { formatHsn } from '#app/shared/hsn.ts'
import { rupeesText } from '#app/shared/rupees-field.ts'
import { isUuid } from '#app/shared/uuid.ts'
import {
  type AdminProductCard,
  createProduct,
  deleteProduct,
  findProduct,
  listAdminProducts,
  listCategories,
  ProductAdminError,
  type ProductRow,
  productVersion,
  restoreProduct,
  updateProduct,
} from './admin-products.server.ts'
import { MAX_QUERY_LENGTH } from './browse.ts'
import {
  gstRatePercent,
  type ProductFieldErrors,
  type ProductFormValues,
  parcelFormValues,
  productFormValues,
  shownStock,
  validateProductForm,
} from './product-form.ts'
import type { Size } from './sizes.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider>; params?: Record<string, string | undefined> }

const NO_STORE = { 'Cache-Control': 'no-store' }

/** What every product action answers: the toast, and what the form or list needs next. */
export type ProductActionResult =
  | { ok: true; title: string; message: string; productId?: string }
  | {
      ok: false
      title: string
      message: string
      fieldErrors?: ProductFieldErrors
      /** The stock per size now, when orders moved it while the form was open. */
      currentStock?: Record<Size, number>
    }

function answer(result: ProductActionResult, status = result.ok ? 200 : 400) {
  return data(result, { status, headers: NO_STORE })
}

const ERROR_STATUS: Record<ProductAdminError['kind'], number> = {
  'not-found': 404,
  'slug-taken': 409,
  'unknown-category': 400,
  'category-exists': 409,
  'changed-meanwhile': 409,
  'stock-moved': 409,
}

const NOT_FOUND = 'This product does not exist.'

function toCard(row: Awaited<ReturnType<typeof listAdminProducts>>[number]): AdminProductCard {
  return { ...row, archivedAt: row.archivedAt?.toISOString() ?? null }
}

/** /admin/products: the catalogue on sale and, apart, the archived products; searched by name. */
export async function productsTabLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const { db } = context.get(servicesContext)
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH)
  const [onSale, archived] = await Promise.all([
    listAdminProducts(db, { q }),
    listAdminProducts(db, { q, archived: true }),
  ])
  return data({ q, products: onSale.map(toCard), archived: archived.map(toCard) }, { headers: NO_STORE })
}

export interface ProductEditorData {
  categories: string[]
  /** Null for a new product. */
  product: {
    id: string
    name: string
    slug: string
    archived: boolean
    version: string
    stock: Record<Size, number>
  } | null
  values: ProductFormValues
}

function formValuesOf(row: ProductRow): ProductFormValues {
  return {
    name: row.name,
    slug: row.slug,
    category: row.category,
    newCategory: '',
    price250g: rupeesText(row.price250g),
    price500g: rupeesText(row.price500g),
    price1kg: rupeesText(row.price1kg),
    stock250g: String(row.stock250g),
    stock500g: String(row.stock500g),
    stock1kg: String(row.stock1kg),
    ...parcelFormValues(row.parcels),
    discountPercentage: String(row.discountPercentage),
    isFeatured: row.isFeatured ? 'on' : '',
    description: row.description,
    ingredients: row.ingredients,
    allergens: row.allergens,
    isVegetarian: row.isVegetarian ? 'on' : '',
    bestBeforeDays: row.bestBeforeDays === null ? '' : String(row.bestBeforeDays),
    storageAdvice: row.storageAdvice,
    hsnCode: formatHsn(row.hsnCode),
    gstRate: gstRatePercent(row.gstRateBp),
    imageUrl: row.imageUrl ?? '',
    nameHi: row.nameHi,
    descriptionHi: row.descriptionHi,
    ingredientsHi: row.ingredientsHi,
    allergensHi: row.allergensHi,
    storageAdviceHi: row.storageAdviceHi,
  }
}

export async function newProductLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const categories = await listCategories(context.get(servicesContext).db)
  return data({ categories, product: null } satisfies Omit<ProductEditorData, 'values'>, { headers: NO_STORE })
}

function productIdFrom(params: Args['params']): string {
  const productId = params?.productId
  if (!isUuid(productId)) throw data({ message: NOT_FOUND }, { status: 404, headers: NO_STORE })
  return productId
}

export async function editProductLoader({ request, context, params }: Args) {
  if (!(await findAdmin(request, context))) return null
  const { db } = context.get(servicesContext)
  const [row, categories] = await Promise.all([findProduct(db, productIdFrom(params)), listCategories(db)])
  if (!row) throw data({ message: NOT_FOUND }, { status: 404, headers: NO_STORE })
  return data(
    {
      categories,
      product: {
        id: row.id,
        name: row.name,
        slug: row.slug,
        archived: row.archivedAt !== null,
        version: productVersion(row),
        stock: { '250g': row.stock250g, '500g': row.stock500g, '1kg': row.stock1kg },
      },
      values: formValuesOf(row),
    } satisfies ProductEditorData,
    { headers: NO_STORE },
  )
}

const SAVE_FAILED = 'Failed to save product'
const DELETE_FAILED = 'Failed to delete product'

function invalid(fieldErrors: ProductFieldErrors) {
  const count = Object.keys(fieldErrors).length
  return answer({
    ok: false,
    title: SAVE_FAILED,
    message:
      count === 1 ? 'Please correct the field marked below.' : `Please correct the ${count} fields marked below.`,
    fieldErrors,
  })
}

function refusal(title: string, error: ProductAdminError) {
  return answer(
    {
      ok: false,
      title,
      message: error.message,
      fieldErrors: error.field && error.field !== 'stock' ? { [error.field]: error.message } : undefined,
      currentStock: error.currentStock,
    },
    ERROR_STATUS[error.kind],
  )
}

/** POST /admin/products/new: adds a product. */
export async function createProductAction({ request, context }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const checked = validateProductForm(productFormValues(await request.formData()))
  if (!checked.ok) return invalid(checked.fieldErrors)
  try {
    const row = await createProduct(db, admin, checked.data)
    return answer({
      ok: true,
      title: 'Product added successfully',
      message: `${row.name} is in the shop.`,
      productId: row.id,
    })
  } catch (error) {
    if (error instanceof ProductAdminError) return refusal(SAVE_FAILED, error)
    logger.error({ err: error }, 'adding a product failed')
    return answer({ ok: false, title: SAVE_FAILED, message: 'Something went wrong. Please try again.' }, 500)
  }
}

/** POST /admin/products/<id>: intent save (the edit form), delete (or archive), or restore. */
export async function productAction({ request, context, params }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const form = await request.formData()
  const intent = form.get('intent')
  const title = intent === 'delete' ? DELETE_FAILED : intent === 'restore' ? 'Failed to restore product' : SAVE_FAILED
  const productId = params?.productId
  if (!isUuid(productId)) return answer({ ok: false, title, message: NOT_FOUND }, 404)

  try {
    switch (intent) {
      case 'save': {
        const checked = validateProductForm(productFormValues(form))
        if (!checked.ok) return invalid(checked.fieldErrors)
        const version = form.get('version')
        const shown = shownStock(form)
        if (typeof version !== 'string' || !shown) {
          return answer({ ok: false, title, message: 'This form is out of date: reload the page and edit again.' }, 409)
        }
        const row = await updateProduct(db, admin, { id: productId, input: checked.data, version, shownStock: shown })
        return answer({ ok: true, title: 'Product updated successfully', message: `${row.name} is saved.`, productId })
      }
      case 'delete': {
        const removed = await deleteProduct(db, admin, productId)
        return removed.outcome === 'deleted'
          ? answer({
              ok: true,
              title: 'Product deleted successfully',
              message: `${removed.name} is gone from the shop.`,
            })
          : answer({
              ok: true,
              title: 'Product archived',
              message: `${removed.name} has been ordered before, so it is archived instead of deleted: gone from the shop, kept in past orders. Restore brings it back.`,
            })
      }
      case 'restore': {
        const restored = await restoreProduct(db, admin, productId)
        return answer({ ok: true, title: 'Product restored', message: `${restored.name} is back in the shop.` })
      }
      default:
        return answer({ ok: false, title, message: 'That is not something a product can do.' })
    }
  } catch (error) {
    if (error instanceof ProductAdminError) return refusal(title, error)
    logger.error({ err: error, productId, intent }, 'a product action failed')
    return answer({ ok: false, title, message: 'Something went wrong. Please try again.' }, 500)
  }
}
