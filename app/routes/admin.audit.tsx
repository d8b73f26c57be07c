// Being built this session (issue 13).
import { TabNotBuilt } from '#app/admin/tab-not-built.tsx'

export default function Page() {
  return <TabNotBuilt title="Not built yet" body="This part of the panel is being built." />
}
