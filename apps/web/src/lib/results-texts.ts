import { i18n } from './i18n';
import { itResults } from './locales/it/results';

// Imported for its effect by 'I nostri risultati' (and the tests): its texts join the Italian
// catalogue when it loads, not with the player pages' first load.
i18n.addResourceBundle('it', itResults);
