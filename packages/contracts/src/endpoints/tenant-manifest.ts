import { endpoint, shape } from '../endpoint';
import type { WebAppManifest } from '../tenants';

const BASE = '/api/public/tenants/:slug';

/** The installable player of a tenant (decision 0037): its web app manifest and its icons. */
export const tenantManifest = {
  /** The tenant's web app manifest, revalidated on every load. */
  manifest: endpoint({
    method: 'GET',
    path: `${BASE}/manifest.webmanifest`,
    access: 'public',
    response: shape<WebAppManifest>(),
  }),
  /** One icon of the manifest (a PNG). */
  icon: endpoint({ method: 'GET', path: `${BASE}/manifest-icons/:name`, access: 'public' }),
};
