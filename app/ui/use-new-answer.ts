import { useEffect, useRef } from 'react'

/**
 * Calls `onAnswer` once for each new answer (a fetcher's data, a page's action data), after the render
 * that shows it is committed. An answer already there when the component mounts counts as new.
 *
 * The effect runs after every commit and compares the answer itself instead of naming it as a
 * dependency: React 19 can skip an effect whose dependency changed while router updates (transitions)
 * keep interrupting its renders (react/react#34556). The admin panel reloads its data on every live
 * order event, and answers taken the usual way were lost there: no toast, and a saved form that never
 * went back to its list.
 */
export function useNewAnswer<T>(answer: T | null | undefined, onAnswer: (answer: T) => void) {
  const handled = useRef<T | null | undefined>(undefined)
  useEffect(() => {
    if (answer == null || handled.current === answer) return
    handled.current = answer
    onAnswer(answer)
  })
}
