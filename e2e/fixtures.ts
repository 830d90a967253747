import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The superadmin `global-setup.ts` starts the server with. */
export const SUPERADMIN = { email: 'e2e-superadmin@tappa.test', password: 'e2e-superadmin-pw' };

/** The links to `pathPart` found in the outbox e-mails sent to `to`, oldest first. */
export async function outboxLinks(to: string, pathPart: string): Promise<string[]> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = (await readdir(dir).catch(() => [])).sort();
  const links: string[] = [];
  for (const file of files) {
    const eml = await readFile(path.join(dir, file), 'utf8');
    if (!eml.includes(`To: ${to}`)) continue;
    const pattern = new RegExp(`https?://\\S+${pathPart.replace(/[.?]/g, '\\$&')}\\S*`, 'g');
    links.push(...(eml.match(pattern) ?? []));
  }
  return links;
}
