import { i18n } from './i18n';
import { itMessages } from './locales/it/messages';

// Imported for its effect by the team's messages view (and the tests): the messages' texts join
// the Italian catalogue when that view loads, not with the player pages' first load.
i18n.addResourceBundle('it', itMessages);
