import { endpoint, shape } from '../endpoint';
import type {
  RouteActive,
  RouteForm,
  RouteImportResponse,
  RouteJsonRequest,
  RouteListResponse,
  RouteSummary,
} from '../routes';

const BASE = '/api/tenants/:slug/routes';
const ROUTE = `${BASE}/:routeId`;

/**
 * Route management of a tenant (doc 2 §2 'Manage Routes'), by its staff: the list, the forms,
 * the toggle, the image, the copy, and the route JSON in and out.
 */
export const routes = {
  /** The tenant's routes, newest first, with their step counts. */
  list: endpoint({
    method: 'GET',
    path: BASE,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<RouteListResponse>(),
  }),
  /** A new route from the form (its slug derived from the title when left empty). */
  create: endpoint({
    method: 'POST',
    path: BASE,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<RouteForm>(),
    response: shape<RouteSummary>(),
    status: 201,
  }),
  /** A route's form saved. */
  edit: endpoint({
    method: 'PUT',
    path: ROUTE,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<RouteForm>(),
    response: shape<RouteSummary>(),
  }),
  /** The enable/disable toggle. */
  setActive: endpoint({
    method: 'PATCH',
    path: `${ROUTE}/active`,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<RouteActive>(),
    response: shape<RouteSummary>(),
  }),
  /** Deletes a route with its steps. */
  remove: endpoint({
    method: 'DELETE',
    path: ROUTE,
    access: 'tenant-staff',
    policy: 'staff',
    status: 204,
  }),
  /** Imports a route JSON: a new route, or the route with the same slug updated. */
  importJson: endpoint({
    method: 'POST',
    path: `${BASE}/import`,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<RouteJsonRequest>(),
    response: shape<RouteImportResponse>(),
  }),
  /**
   * A new route from the sample route (the demo's route, with its pictures and clips put into
   * the tenant's media library), imported like a route JSON under a slug not yet taken
   * (decision 0064).
   */
  importSample: endpoint({
    method: 'POST',
    path: `${BASE}/sample`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<RouteImportResponse>(),
    status: 201,
  }),
  /**
   * A copy of a route as a template ('Duplica'): its settings, steps, image and price lists under
   * a free `{slug}-copia` slug, disabled; not its games, codes or event clock (decision 0087).
   */
  duplicate: endpoint({
    method: 'POST',
    path: `${ROUTE}/duplicate`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<RouteSummary>(),
    status: 201,
  }),
  /** Replaces a route from a route JSON (its slug may change). */
  replaceJson: endpoint({
    method: 'PUT',
    path: `${ROUTE}/json`,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<RouteJsonRequest>(),
    response: shape<RouteImportResponse>(),
  }),
  /** The route's JSON document, as a file to download. */
  exportJson: endpoint({
    method: 'GET',
    path: `${ROUTE}/export`,
    access: 'tenant-staff',
    policy: 'staff',
  }),
  /** The route's image (multipart `image`). */
  image: endpoint({
    method: 'POST',
    path: `${ROUTE}/image`,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<FormData>(),
    response: shape<RouteSummary>(),
  }),
};
