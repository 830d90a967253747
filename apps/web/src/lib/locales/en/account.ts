import { errorTexts } from '../errors';
import type { Catalogue } from '../it';

/** English texts every page needs: shared, shell and errors. */
export const enAccount = {
  common: {
    pageErrorTitle: 'Something went wrong',
    pageErrorHint: 'Reload the page to try again.',
    pageErrorHome: 'Back to the start page',
    loading: 'Loading...',
    poweredBy: 'Powered by',
    comingSoon: 'Coming soon',
    getDirections: 'Get directions',
    roles: {
      admin: 'Admin',
      manager: 'Manager',
      judge: 'Judge',
      superadmin: 'Superadmin',
      user: 'User',
    },
  },
  shell: {
    home: 'Home',
    superadminDashboard: 'Superadmin Dashboard',
    mediaLibrary: 'Media Library',
    navigation: 'Main navigation',
    platformLogo: 'Tappa',
    notices: 'Notices',
    toasts: 'Notifications',
  },
  dialogs: {
    title: 'Are you sure?',
    confirm: 'Confirm',
    cancel: 'Cancel',
    dismiss: 'Dismiss notice',
  },
  filePicker: {
    choose: 'Choose a file',
    none: 'No file chosen',
  },
  errors: {
    ...errorTexts('en'),
    withMessage: 'Error: {{msg}}',
    authSessionMissing: 'Auth session missing!',
    authSessionOrUserMissing: 'Auth session or user missing',
    jwtExpired: 'JWT has expired',
    invalidJwt: 'Invalid JWT structure',
    noActiveSession: 'No active session',
  },
} satisfies Pick<Catalogue, 'common' | 'shell' | 'dialogs' | 'filePicker'> & {
  errors: Partial<Catalogue['errors']>;
};
