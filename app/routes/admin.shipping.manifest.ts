// The handover sheet (manifest) of booked parcels, from Shiprocket (POST), for the admin.
import { manifestAction } from '#app/shipping/shipping-routes.server.ts'
import type { Route } from './+types/admin.shipping.manifest'

export const action = (args: Route.ActionArgs) => manifestAction(args)
