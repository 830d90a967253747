import { i18n } from './i18n';
import { itStaff } from './locales/it/staff';

// Imported for its effect by the staff pages' data layout (and the tests): the sign-in, home and
// country texts join the Italian catalogue when such a page loads, never on a player's phone.
i18n.addResourceBundle('it', itStaff);
