import { endpoint, shape } from '../endpoint';
import type { PublicTenant, WebAppManifest } from '../tenants';

const BASE = '/api/public/tenants/:slug';

/**
 * A tenant's public face, read by its player pages: its name, logos and colours, and its
 * installable player (decision 0037), the web app manifest and its icons.
 */
export const publicTenants = {
  /** Name, logos, colours and availability (an inactive tenant's too). */
  read: endpoint({
    method: 'GET',
    path: BASE,
    access: 'public',
    response: shape<PublicTenant>(),
  }),
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
