import { type RefObject, useEffect, useRef } from 'react'

/**
 * A button disabled while its form is sent drops the focus to the page, and a keyboard user would
 * start again from the top: once the answer is in, `control` (or the control it names then) gets
 * the focus back, unless the focus has moved on meanwhile.
 */
export function useFocusBack(
  busy: boolean,
  control: RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined),
) {
  const wasBusy = useRef(false)
  useEffect(() => {
    if (busy) {
      wasBusy.current = true
      return
    }
    if (!wasBusy.current) return
    wasBusy.current = false
    if (document.activeElement && document.activeElement !== document.body) return
    ;(typeof control === 'function' ? control() : control.current)?.focus()
  }, [busy, control])
}
