import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The file a server on the embedded database writes its process id to while it runs: PGlite
 * cannot share its files with a second process, so other processes (a second server, the
 * `npm run superadmin` command) look here first and stay away (decision 0067).
 */
export const serverPidPath = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Whether the process `pid` runs (one of another user counts too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * The process id of a running server holding `dataDir`'s embedded database, or null; a file left
 * by a server that died (`kill -9`, a power cut) names no running process and does not count.
 */
export function embeddedDatabaseHolder(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(serverPidPath(dataDir), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isRunning(pid) ? pid : null;
}

/** Marks `dataDir`'s embedded database as held by this process until it exits. */
export function holdEmbeddedDatabase(dataDir: string): void {
  const file = serverPidPath(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  process.on('exit', () => rmSync(file, { force: true }));
}
