// Whether this device is subscribed, kept current across the banner and the switches.
import { useEffect, useState } from 'react'
import { currentSubscription } from './push-client.ts'
import { PUSH_CHANGE_EVENT } from './push-support.ts'

export type PushState = 'checking' | 'subscribed' | 'unsubscribed' | 'blocked'

export function usePushState(): PushState {
  const [state, setState] = useState<PushState>('checking')
  useEffect(() => {
    let current = true
    const check = async () => {
      const subscribed = (await currentSubscription().catch(() => null)) !== null
      if (!current) return
      setState(subscribed ? 'subscribed' : Notification.permission === 'denied' ? 'blocked' : 'unsubscribed')
    }
    void check()
    const onChange = () => void check()
    window.addEventListener(PUSH_CHANGE_EVENT, onChange)
    return () => {
      current = false
      window.removeEventListener(PUSH_CHANGE_EVENT, onChange)
    }
  }, [])
  return state
}
