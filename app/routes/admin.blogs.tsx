// The Blogs tab, honest about what it cannot do yet.
import { TabNotBuilt } from '#app/admin/tab-not-built.tsx'

export default function Page() {
  return (
    <TabNotBuilt
      title="Blog Management"
      body="Writing and editing blog posts from this panel is not built yet. Until it is, posts are changed in the database by whoever runs the shop."
    />
  )
}
