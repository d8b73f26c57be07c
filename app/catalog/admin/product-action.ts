// Delete (or archive) and restore from the product list: a fetcher POST to /admin/products/<id>, then
// the spec's toast for the answer. The list's cards send them through one fetcher the list answers
// (`useListChange`): a live reload can move a card to the other list, or take it away, before its
// answer arrives, and a card's own fetcher would go with it.

import { useEffect, useRef } from 'react'
import { useFocusBack } from '#app/ui/use-focus-back.ts'
import { useListChange, useListChangeAnswers } from '#app/ui/use-list-change.ts'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import type { ProductActionResult } from '../product-admin-routes.server.ts'

export type ProductListIntent = 'delete' | 'restore'

/** The fetcher every card's Delete and Restore go through. */
const PRODUCT_CHANGES = 'product-changes'

export function productActionUrl(productId: string): string {
  return `/admin/products/${productId}`
}

/**
 * A card's Delete or Restore. `busy` while any card's change is sent (one at a time, as they share a
 * fetcher), `sending` while this product's is; `onAnswer` hears the answer to this card's own.
 */
export function useProductAction(productId: string, onAnswer?: (result: ProductActionResult) => void) {
  const fetcher = useListChange<ProductActionResult>(PRODUCT_CHANGES)
  const action = productActionUrl(productId)
  const asked = useRef(false)
  useNewAnswer(fetcher.data, (result) => {
    if (!asked.current) return
    asked.current = false
    onAnswer?.(result)
  })
  return {
    run: (intent: ProductListIntent) => {
      asked.current = true
      return fetcher.submit({ intent }, { method: 'post', action })
    },
    busy: fetcher.state !== 'idle',
    sending: fetcher.formAction === action,
  }
}

/** The card's button that sends the product's change: the one that gets the focus back after it. */
export function productActionButton(productId: string) {
  return { 'data-product-action': productActionUrl(productId) }
}

/**
 * Mounted by the list: toasts each answer; and since deleting, archiving or restoring moves the
 * product's card to the other list (or removes it), taking the focused button with it, gives the focus
 * to the button of its card in its new list once the list has reloaded, or to `fallback` if it is gone.
 */
export function useProductActionAnswers(fallback: () => HTMLElement | null) {
  useListChangeAnswers(PRODUCT_CHANGES)
  const { state, formAction } = useListChange<ProductActionResult>(PRODUCT_CHANGES)
  // The fetcher forgets what it sent once it is idle, when the focus is given back.
  const changed = useRef<string | null>(null)
  useEffect(() => {
    if (formAction) changed.current = formAction
  })
  useFocusBack(
    state !== 'idle',
    () => document.querySelector<HTMLElement>(`[data-product-action="${changed.current}"]`) ?? fallback(),
  )
}
