import { i18n } from './i18n';
import { itHints } from './locales/it/hints';

// Imported for its effect by a step's hints list (and the tests): the hints' texts join the
// Italian catalogue when that list loads, not with the player pages' first load.
i18n.addResourceBundle('it', itHints);
