import type { ImageField, TryReason } from '@tappa/contracts';
import type { RouteType } from '@tappa/domain';
import { both, type Texts } from './bilingual';

const PHOTO: Texts = { it: 'Foto', en: 'Photo' };

/** The word for the image an upload error names (its `field` parameter). */
export const IMAGE_FIELD_TEXTS = {
  logo: both('Logo'),
  favicon: both('Favicon'),
  footer_logo: { it: 'Logo del footer', en: 'Footer logo' },
  brand_logo: { it: 'Logo del brand', en: 'Brand logo' },
  brand_favicon: { it: 'Favicon del brand', en: 'Brand favicon' },
  route_image: { it: 'Immagine della route', en: 'Route image' },
  avatar: PHOTO,
  photo: PHOTO,
} satisfies Record<ImageField, Texts>;

/** The key of a try reason's text: its code, and for `time_up` the route type too. */
export type TryReasonKey = Exclude<TryReason['code'], 'time_up'> | `time_up_${RouteType}`;

/** Why a try was wrong or the game ended (`SubmitResult.reason`). */
export const TRY_REASON_TEXTS = {
  wrong_answer: both('Incorrect answer. Try again!'),
  too_far: both(
    'You are too far from the location ({{distance_m}}m away, need to be within {{radius_m}}m)',
  ),
  wrong_orientation: both('Incorrect orientation! Check your compass direction.'),
  time_up_progressive: {
    it: 'Tempo scaduto! Il percorso è terminato e il punteggio è stato consolidato.',
    en: 'Time is up! The route is over and the score has been recorded.',
  },
  time_up_exploration: {
    it: 'Tempo scaduto! Il percorso è terminato.',
    en: 'Time is up! The route is over.',
  },
} satisfies Record<TryReasonKey, Texts>;
