import { endpoint, shape } from '../endpoint';
import type {
  EmailSettingsView,
  EmailSettingsWrite,
  TestEmail,
  TestEmailResult,
} from '../platform';

const SETTINGS = '/api/platform/email-settings';

/** The superadmin's e-mail sending settings: the provider's key and the sender. */
export const emailSettings = {
  /** The sender and the stored key, masked. */
  read: endpoint({
    method: 'GET',
    path: SETTINGS,
    access: 'superadmin',
    response: shape<EmailSettingsView>(),
  }),
  /** Saves the provider's key and the sender; answers the settings, the key masked. */
  save: endpoint({
    method: 'PUT',
    path: SETTINGS,
    access: 'superadmin',
    body: shape<EmailSettingsWrite>(),
    response: shape<EmailSettingsView>(),
  }),
  /** Sends a test e-mail through the transport real mail takes, and names it. */
  test: endpoint({
    method: 'POST',
    path: `${SETTINGS}/test`,
    access: 'superadmin',
    body: shape<TestEmail>(),
    response: shape<TestEmailResult>(),
  }),
};
