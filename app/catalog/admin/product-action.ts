// Delete (or archive) and restore from the product list: a fetcher POST to /admin/products/<id>, then
// the spec's toast for the answer. The answer arrives before the list reloads, so a deleted product's
// card still shows its toast before it goes.

import { useFetcher } from 'react-router'
import { toastAnswer } from '#app/ui/toast.tsx'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import type { ProductActionResult } from '../product-admin-routes.server.ts'

export type ProductListIntent = 'delete' | 'restore'

export function productActionUrl(productId: string): string {
  return `/admin/products/${productId}`
}

/**
 * Deleting, archiving or restoring moves the product's card to the other list (or removes it), which
 * takes the focused button with it: the product the last action was about, for the list to focus its
 * card's button again once it has reloaded.
 */
let focusAfterReload: string | null = null

/** The list calls this after it reloads: the product whose card should take the focus, once. */
export function takeFocusAfterReload(): string | null {
  const productId = focusAfterReload
  focusAfterReload = null
  return productId
}

export function useProductAction(productId: string) {
  const fetcher = useFetcher<ProductActionResult>()
  const result = fetcher.data
  useNewAnswer(result, toastAnswer)
  return {
    run: (intent: ProductListIntent) => {
      focusAfterReload = productId
      return fetcher.submit({ intent }, { method: 'post', action: productActionUrl(productId) })
    },
    busy: fetcher.state !== 'idle',
    result,
  }
}
