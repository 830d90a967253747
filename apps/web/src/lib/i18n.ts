import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { itAccount } from './locales/it/account';
import { itPlayer } from './locales/it/player';
import type { Catalogue } from './locales/it';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

/** Languages the interface ships with; Italian is the default and the fallback. */
export const SUPPORTED_LANGUAGES = ['it', 'en'] as const;

/**
 * The app's i18next instance, initialised synchronously with the Italian texts every page needs
 * (sign-in, home, player). The administration texts join when an admin page loads
 * (`admin-texts.ts`) and English only when it is asked for, so a player's phone downloads
 * neither.
 */
export const i18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use({
    type: 'backend',
    init: () => undefined,
    read: (language: string, _namespace: string, done: (error: unknown, data: unknown) => void) => {
      if (language !== 'en') return done(null, {});
      import('./locales/en').then(
        (module) => done(null, module.en),
        (error: unknown) => done(error, null),
      );
    },
  })
  .init({
    lng: 'it',
    fallbackLng: 'it',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources: { it: { translation: { ...itAccount, ...itPlayer } } },
    partialBundledLanguages: true,
    defaultNS: 'translation',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
