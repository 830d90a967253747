import { endpoint, shape } from '../endpoint';
import type { PlatformBrand } from '../tenants';

/**
 * The platform's brand as every page reads it, apart from the superadmin's writes
 * (`platformBrand`): a player page carries only this declaration.
 */
export const publicPlatformBrand = {
  /** The platform's logos and colours, for sign-in and player pages. */
  read: endpoint({
    method: 'GET',
    path: '/api/public/platform-brand',
    access: 'public',
    response: shape<PlatformBrand>(),
  }),
};
