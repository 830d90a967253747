import { endpoint, shape } from '../endpoint';
import type { HealthResponse } from '../health';

/** The process's health, for load balancers and the bench. */
export const health = {
  /** 200 when the database answers in time, 503 (the same body) when it does not. */
  read: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    response: shape<HealthResponse>(),
  }),
};
