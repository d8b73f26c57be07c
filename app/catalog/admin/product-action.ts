// Delete (or archive) and restore from the product list: a POST to /admin/products/<id>, the spec's
// toast for the answer, then a reload of the list. A plain fetch, not a fetcher: a deleted product's
// card unmounts with the reload, and its answer must still be shown.
import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { toast } from 'sonner'
import type { ProductActionResult } from '../product-admin-routes.server.ts'

export type ProductListIntent = 'delete' | 'restore'

const FAILED: Record<ProductListIntent, string> = {
  delete: 'Failed to delete product',
  restore: 'Failed to restore product',
}

export function productActionUrl(productId: string): string {
  return `/admin/products/${productId}`
}

/** The result's toast: the spec's success or failure title, with what happened. */
export function showProductResult(result: ProductActionResult) {
  if (result.ok) toast(result.title, { description: result.message })
  else toast.error(result.title, { description: result.message })
}

export function useProductAction(productId: string) {
  const { revalidate } = useRevalidator()
  const [busy, setBusy] = useState(false)
  const run = async (intent: ProductListIntent): Promise<boolean> => {
    setBusy(true)
    try {
      const result = await send(productId, intent)
      showProductResult(result)
      if (result.ok) await revalidate()
      return result.ok
    } finally {
      setBusy(false)
    }
  }
  return { run, busy }
}

async function send(productId: string, intent: ProductListIntent): Promise<ProductActionResult> {
  try {
    const response = await fetch(productActionUrl(productId), {
      method: 'POST',
      body: new URLSearchParams({ intent }),
    })
    const result = (await response.json()) as Partial<ProductActionResult>
    if (typeof result.ok === 'boolean' && typeof result.title === 'string') return result as ProductActionResult
  } catch {
    // Offline, or an answer that is not the product action's: said below.
  }
  return { ok: false, title: FAILED[intent], message: 'Check the connection and try again.' }
}
