import { i18n } from './i18n';
import { itEvent } from './locales/it/event';

// Imported for its effect by the event's waiting card and pause notice (and the tests): their
// texts join the Italian catalogue when a game of a route with an event clock opens, not with the
// player pages' first load.
i18n.addResourceBundle('it', itEvent);
