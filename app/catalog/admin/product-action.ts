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

export function useProductAction(productId: string) {
  const fetcher = useFetcher<ProductActionResult>()
  const result = fetcher.data
  useNewAnswer(result, toastAnswer)
  return {
    run: (intent: ProductListIntent) =>
      fetcher.submit({ intent }, { method: 'post', action: productActionUrl(productId) }),
    busy: fetcher.state !== 'idle',
    result,
  }
}
