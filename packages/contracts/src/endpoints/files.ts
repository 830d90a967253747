import { endpoint } from '../endpoint';

/** The storage driver's public files, served from the app's origin (not under `/api`). */
export const files = {
  /** A stored file by bucket and key (a file; a byte range of it on `Range`). */
  read: endpoint({ method: 'GET', path: '/files/:bucket/*', access: 'public' }),
};
