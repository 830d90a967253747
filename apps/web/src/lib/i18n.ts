import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './locales/en';
import { it } from './locales/it';
import type { Catalogue } from './locales/it';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

/** Languages the interface ships with; Italian is the default and the fallback. */
export const SUPPORTED_LANGUAGES = ['it', 'en'] as const;

/** The app's i18next instance, initialised synchronously with both catalogues bundled. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'it',
  fallbackLng: 'it',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  resources: { it: { translation: it }, en: { translation: en } },
  defaultNS: 'translation',
  initAsync: false,
  interpolation: { escapeValue: false },
});
