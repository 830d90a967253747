import { endpoint } from '@tappa/contracts';

/**
 * The route config of a public GET a test adds under `/api`: declared like an endpoint of the
 * table, as the start-up check asks of every API route (decision 0060).
 */
export function testRouteConfig(path: string) {
  return { endpoint: endpoint({ method: 'GET', path, access: 'public' }) };
}
