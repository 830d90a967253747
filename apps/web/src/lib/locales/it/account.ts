import { errorTexts } from '../errors';

/** Italian texts every page needs: shared, shell and errors (spec document 1, verbatim). */
export const itAccount = {
  common: {
    pageErrorTitle: 'Qualcosa è andato storto',
    pageErrorHint: 'Ricarica la pagina per riprovare.',
    pageErrorHome: 'Torna alla pagina iniziale',
    loading: 'Loading...',
    poweredBy: 'Powered by',
    comingSoon: 'Funzionalità in arrivo',
    getDirections: 'Ottieni indicazioni',
    roles: {
      admin: 'Admin',
      manager: 'Manager',
      judge: 'Giudice',
      superadmin: 'Superadmin',
      user: 'User',
    },
  },
  shell: {
    home: 'Home',
    superadminDashboard: 'Superadmin Dashboard',
    mediaLibrary: 'Media Library',
    navigation: 'Navigazione principale',
    platformLogo: 'Tappa',
    notices: 'Avvisi',
    // The toasts' region: a name of its own beside a page's notices (axe: landmark-unique).
    toasts: 'Notifiche',
  },
  dialogs: {
    title: 'Sei sicuro?',
    confirm: 'Conferma',
    cancel: 'Annulla',
    dismiss: 'Chiudi avviso',
  },
  filePicker: {
    choose: 'Scegli un file',
    none: 'Nessun file scelto',
  },
  errors: {
    ...errorTexts('it'),
    withMessage: 'Errore: {{msg}}',
    authSessionMissing: 'Auth session missing!',
    authSessionOrUserMissing: 'Auth session or user missing',
    jwtExpired: 'JWT has expired',
    invalidJwt: 'Invalid JWT structure',
    noActiveSession: 'No active session',
  },
};
