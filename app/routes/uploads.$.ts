// GET /uploads/<folder>/<id>-<width>.webp or .avif: an uploaded image's variant, from the upload
// store (app/media).
import { uploadedImageLoader } from '#app/media/upload-routes.server.ts'
import type { Route } from './+types/uploads.$'

export const loader = (args: Route.LoaderArgs) => uploadedImageLoader(args)
