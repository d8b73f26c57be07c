import { cloneElement, isValidElement, type ReactNode, type Ref, type RefCallback, useCallback } from 'react'

type SlotProps = Record<string, unknown> & { children?: ReactNode; ref?: Ref<unknown> }

function setRef(ref: Ref<unknown> | undefined, node: unknown) {
  if (typeof ref === 'function') ref(node)
  else if (ref) ref.current = node
}

/**
 * What `asChild` renders (shadcn's Button): its one child element, with the props given to the slot
 * merged in as Radix's Slot merges them (the child's win; handlers both run, the child's first;
 * classes and styles are joined; refs are both set). The shop's own, as the shell loads it on every
 * page: Radix's is 1.3 KB with its ref helpers and its `Slottable`, which the shop does not use.
 */
export function Slot({ children, ref, ...slotProps }: SlotProps) {
  const element = isValidElement<Record<string, unknown>>(children) ? children : undefined
  const childRef = element?.props.ref as Ref<unknown> | undefined
  const bothRefs: RefCallback<unknown> = useCallback(
    (node) => {
      setRef(ref, node)
      setRef(childRef, node)
    },
    [ref, childRef],
  )
  if (!element) return children
  return cloneElement(element, { ...mergeSlotProps(slotProps, element.props), ref: ref ? bothRefs : childRef })
}

/** The props of the slot's child: the child's own win; handlers both run; classes and styles join. */
export function mergeSlotProps(slotProps: Record<string, unknown>, childProps: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...slotProps, ...childProps }
  for (const name in childProps) {
    const slotValue = slotProps[name]
    const childValue = childProps[name]
    if (/^on[A-Z]/.test(name)) {
      if (typeof slotValue === 'function' && typeof childValue === 'function')
        merged[name] = (...args: unknown[]) => {
          const result = childValue(...args)
          slotValue(...args)
          return result
        }
      else if (slotValue) merged[name] = slotValue
    } else if (name === 'style') merged.style = { ...(slotValue as object), ...(childValue as object) }
    else if (name === 'className') merged.className = [slotValue, childValue].filter(Boolean).join(' ')
  }
  return merged
}
