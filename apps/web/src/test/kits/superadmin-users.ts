// Test support of the superadmin's Manage Users panel (never imported by app code).
import type { SuperadminUser } from '@tappa/contracts';

/** An active superadmin with a display name, as `GET /api/platform/users` lists it. */
export const ANNA: SuperadminUser = {
  id: 'u2',
  email: 'anna@tappa.test',
  display_name: 'Anna',
  created_at: '2024-05-02T08:00:00.000Z',
  is_active: true,
};

/** An inactive superadmin without a display name. */
export const BRUNO: SuperadminUser = {
  id: 'u1',
  email: 'bruno@tappa.test',
  display_name: null,
  created_at: '2024-03-15T10:00:00.000Z',
  is_active: false,
};
