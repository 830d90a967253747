import { i18n } from './i18n';
import { itAdmin } from './locales/it/admin';

// Imported for its effect by the admin pages' guard (and the tests): the administration texts
// join the Italian catalogue only when an admin page loads, never on a player's phone.
i18n.addResourceBundle('it', itAdmin);
