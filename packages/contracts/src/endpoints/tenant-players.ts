import { endpoint, shape } from '../endpoint';
import type {
  TenantPlayersCsvQuery,
  TenantPlayersPage,
  TenantPlayersQuery,
} from '../tenant-players';

const PLAYERS = '/api/tenants/:slug/players';

/** A tenant's registered teams for its staff (doc 1 §2 Players): pages and the CSV. */
export const tenantPlayers = {
  /** A page of registered teams matching `q`, newest first, after `cursor`. */
  list: endpoint({
    method: 'GET',
    path: PLAYERS,
    access: 'tenant-staff',
    policy: 'staff',
    query: shape<TenantPlayersQuery>(),
    response: shape<TenantPlayersPage>(),
  }),
  /** Every team matching `q`, as a CSV file. */
  csv: endpoint({
    method: 'GET',
    path: `${PLAYERS}.csv`,
    access: 'tenant-staff',
    policy: 'staff',
    query: shape<TenantPlayersCsvQuery>(),
  }),
};
