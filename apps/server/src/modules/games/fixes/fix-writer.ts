import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import { type FixToKeep, insertFixes } from './fixes.repository';

interface Waiting extends FixToKeep {
  scope: TenantScope;
  resolve(routeId: string | null): void;
  reject(err: unknown): void;
}

/**
 * This instance's fixes, written in groups (decision 0086): the fixes that came while a group
 * was being written are the next group, one statement per tenant, so the busier the database
 * the more fixes a statement keeps, and an idle one keeps a fix at once. A request is answered
 * once its group is written: an acknowledged fix is kept. A game has one fix in a group; another
 * of its fixes waits for the next.
 */
export function createFixWriter(db: Db) {
  let waiting: Waiting[] = [];
  let isWriting = false;

  /** Writes the groups in turn while fixes wait. */
  async function drain() {
    isWriting = true;
    // The fixes of this turn of the event loop join the first group.
    await Promise.resolve();
    while (waiting.length > 0) {
      const group = new Map<string, Waiting>();
      const later: Waiting[] = [];
      for (const fix of waiting) {
        if (group.has(fix.gameId)) later.push(fix);
        else group.set(fix.gameId, fix);
      }
      waiting = later;
      await writeGroup([...group.values()]);
    }
    isWriting = false;
  }

  async function writeGroup(group: Waiting[]) {
    const byTenant = new Map<string, Waiting[]>();
    for (const fix of group) {
      byTenant.set(fix.scope.tenantId, [...(byTenant.get(fix.scope.tenantId) ?? []), fix]);
    }
    await Promise.all(
      [...byTenant.values()].map(async (fixes) => {
        try {
          const kept = await insertFixes(db, fixes[0]!.scope, fixes);
          for (const fix of fixes) fix.resolve(kept.get(fix.gameId) ?? null);
        } catch (err) {
          for (const fix of fixes) fix.reject(err);
        }
      }),
    );
  }

  return {
    /** Keeps `fix` with the next group; answers its game's route when it was written, else null. */
    write(scope: TenantScope, fix: FixToKeep): Promise<string | null> {
      return new Promise((resolve, reject) => {
        waiting.push({ ...fix, scope, resolve, reject });
        if (!isWriting) void drain();
      });
    },
  };
}

export type FixWriter = ReturnType<typeof createFixWriter>;
