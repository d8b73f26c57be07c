import { useFetcher, useRevalidator } from 'react-router'
import { type ToastAnswer, toastAnswer } from './toast.tsx'
import { useNewAnswer } from './use-new-answer.ts'

/** The answer to a change made from a card of an admin list; `stale` when the card was out of date. */
export interface ListChangeAnswer extends ToastAnswer {
  stale?: boolean
}

/**
 * The fetcher the cards of an admin list send their changes through, one change at a time, shared by
 * `key` with the list, which answers them (`useListChangeAnswers`). A change can take its card out of
 * a filtered list (an approved review under "Pending") before its answer arrives, since the panel reads
 * its data again on every live event: a card's own fetcher, and its toast, would go with the card.
 */
export function useListChange<T extends ListChangeAnswer>(key: string) {
  return useFetcher<T>({ key })
}

/** Mounted by the list: toasts each answer, and reads the page again after a stale card's refusal. */
export function useListChangeAnswers(key: string) {
  const { data } = useListChange(key)
  const { revalidate } = useRevalidator()
  useNewAnswer(data, (answer) => {
    toastAnswer(answer)
    if (answer.stale) void revalidate()
  })
}
