// The Products tab, honest about what it cannot do yet.
import { TabNotBuilt } from '#app/admin/tab-not-built.tsx'

export default function Page() {
  return (
    <TabNotBuilt
      title="Product Management"
      body="Adding, editing and deleting products from this panel is not built yet. Until it is, the catalogue is changed in the database by whoever runs the shop."
    />
  )
}
