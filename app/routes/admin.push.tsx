// The Push tab, honest about what it cannot do yet.
import { TabNotBuilt } from '#app/admin/tab-not-built.tsx'

export default function Page() {
  return (
    <TabNotBuilt
      title="Push Notifications"
      body="Sending push notifications to shoppers is not built yet: no shopper can subscribe to them so far, so there is nobody to send to."
    />
  )
}
