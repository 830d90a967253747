import { outboxLinks as linksInOutbox } from '../apps/server/test/helpers/outbox';

/** The superadmin `global-setup.ts` starts the server with. */
export const SUPERADMIN = { email: 'e2e-superadmin@tappa.test', password: 'e2e-superadmin-pw' };

/** The links to `pathPart` found in the outbox e-mails sent to `to`, oldest first. */
export function outboxLinks(to: string, pathPart: string): Promise<string[]> {
  return linksInOutbox(process.env.E2E_DATA_DIR ?? '', to, pathPart);
}
