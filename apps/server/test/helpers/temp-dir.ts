import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Creates a fresh directory under the OS temp dir; call `remove()` in afterAll. */
export async function createTempDir(
  prefix: string,
): Promise<{ path: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `tappa-${prefix}-`));
  return { path: dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
