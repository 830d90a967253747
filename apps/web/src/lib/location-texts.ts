import { i18n } from './i18n';
import { itLocation } from './locales/it/location';

// Imported for its effect by the location sharing's question and indicator (and the tests): their
// texts join the Italian catalogue when a game of a route that asks for positions opens, not with
// the player pages' first load.
i18n.addResourceBundle('it', itLocation);
