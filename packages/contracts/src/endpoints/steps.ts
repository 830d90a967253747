import { endpoint, shape } from '../endpoint';
import type { StepListResponse, StepsWriteRequest } from '../routes';

const STEPS = '/api/tenants/:slug/routes/:routeId/steps';

/** The step editor's list of a route's steps, answers included: read, and saved as a whole. */
export const steps = {
  /** The route's steps in order. */
  list: endpoint({
    method: 'GET',
    path: STEPS,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<StepListResponse>(),
  }),
  /** Replaces the route's whole ordered step list. */
  save: endpoint({
    method: 'PUT',
    path: STEPS,
    access: 'tenant-staff',
    policy: 'staff',
    body: shape<StepsWriteRequest>(),
    response: shape<StepListResponse>(),
  }),
};
