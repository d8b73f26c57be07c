// POST /admin/uploads: the admin's image upload (app/media), answered as JSON.
import { uploadAction } from '#app/media/upload-routes.server.ts'
import type { Route } from './+types/admin.uploads'

export const action = (args: Route.ActionArgs) => uploadAction(args)
