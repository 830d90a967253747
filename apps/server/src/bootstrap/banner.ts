import type { AppConfig } from '../config';
import { DEMO_TENANT_SLUG, type DemoOutcome } from './demo';
import type { SuperadminOutcome } from './superadmin';

/** Tells the operator where the platform runs and how to sign in, on standard output. */
export function printStartupNotes(opts: {
  config: AppConfig;
  address: string;
  driver: 'pglite' | 'postgres';
  superadmin: SuperadminOutcome;
  demo: DemoOutcome;
}): void {
  const { config, superadmin, demo } = opts;
  const url = config.publicUrl;
  const lines = [
    `Tappa is running at ${url} (listening on ${opts.address})`,
    opts.driver === 'pglite'
      ? `Database: embedded PGlite in ${config.dataDir}/db`
      : 'Database: PostgreSQL (DATABASE_URL)',
  ];
  if (superadmin.created) {
    lines.push('', `Superadmin created: ${superadmin.email}`);
    if (superadmin.generatedPassword) {
      lines.push(
        `  password: ${superadmin.generatedPassword}`,
        '  (shown once: note it now; if it is lost, stop the server and run',
        `   npm run superadmin -- --email ${superadmin.email})`,
      );
    }
    lines.push(`  sign in at ${url}/login`);
  }
  if (demo.seeded) {
    lines.push(
      '',
      `Demo tenant created: ${url}/${DEMO_TENANT_SLUG}/login`,
      `  admin: ${demo.adminEmail}  password: ${demo.adminPassword}  (shown once)`,
      `  players start at ${url}/${DEMO_TENANT_SLUG}/start`,
    );
  }
  lines.push('', `Admins sign in at ${url}/login or ${url}/{tenant}/login`);
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '='.repeat(Math.min(width, 100));
  console.log(`\n${rule}\n${lines.join('\n')}\n${rule}\n`);
}
