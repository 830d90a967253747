import { endpoint, shape } from '../endpoint';
import type { PaymentSettingsView, PaymentSettingsWrite } from '../payments';

const SETTINGS = '/api/tenants/:slug/payment-settings';

/**
 * The tenant's Payments tab (issue 17, decision 0043): the Stripe account its teams pay into,
 * connected with write-only secrets and disconnected. Like the brand, it is for the tenant admins
 * and the superadmin: a game manager neither reads nor changes it.
 */
export const paymentSettings = {
  /** Connected or not, the mode, the key's hint and the webhook URL. */
  read: endpoint({
    method: 'GET',
    path: SETTINGS,
    access: 'tenant-staff',
    policy: 'admin',
    response: shape<PaymentSettingsView>(),
  }),
  /** Connects the Stripe account or replaces its keys (both secrets, each time). */
  connect: endpoint({
    method: 'PUT',
    path: SETTINGS,
    access: 'tenant-staff',
    policy: 'admin',
    body: shape<PaymentSettingsWrite>(),
    response: shape<PaymentSettingsView>(),
  }),
  /** Disconnects the Stripe account. */
  disconnect: endpoint({
    method: 'DELETE',
    path: SETTINGS,
    access: 'tenant-staff',
    policy: 'admin',
    status: 204,
  }),
};
