import { endpoint, shape } from '../endpoint';
import type { AccessCodeList, GenerateCodesRequest } from '../routes';

const CODES = '/api/tenants/:slug/routes/:routeId/access-codes';

/** A route's access codes for its staff: the list, new batches, and deleting an unused code. */
export const accessCodes = {
  /** The route's codes, used and unused, newest first. */
  list: endpoint({
    method: 'GET',
    path: CODES,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<AccessCodeList>(),
  }),
  /** A batch of new codes for the route; answers the new codes. */
  generate: endpoint({
    method: 'POST',
    path: CODES,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<GenerateCodesRequest>(),
    response: shape<AccessCodeList>(),
    status: 201,
  }),
  /** Deletes an unused code of the route. */
  remove: endpoint({
    method: 'DELETE',
    path: `${CODES}/:codeId`,
    access: 'tenant-staff',
    policy: 'staff',
    status: 204,
  }),
};
