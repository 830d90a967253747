import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import type { Clock, Timer } from '../../../infra/clock';
import { type FixToKeep, insertFixes } from './fixes.repository';

interface Waiting extends FixToKeep {
  scope: TenantScope;
  resolve(routeId: string | null): void;
  reject(err: unknown): void;
}

/**
 * This instance's fixes, written in groups (decision 0086): the first fix of a group waits
 * `gatherMs` (`FIX_GATHER_MS`, on the app's clock) for others, then the group is one statement
 * per tenant; the fixes that come while it is written gather for the next. A request is answered
 * once its group is written: an acknowledged fix is kept. A game has one fix in a group; another
 * of its fixes waits for the next. With `gatherMs` 0 a fix is written at once (with those that
 * came while the one before was written).
 *
 * The fixes' sockets hand over their messages unread (`readWithGroup`): each is read (checked,
 * and its fix written) when the group that gathers begins, beside the others, instead of on a
 * wake-up of the process of its own (decision 0089).
 */
export function createFixWriter(db: Db, opts: { clock: Clock; gatherMs: number }) {
  let waiting: Waiting[] = [];
  /** The sockets' messages to read when the next group begins. */
  let reads: (() => void)[] = [];
  let isWriting = false;
  let timer: Timer | null = null;

  /** A group gathers unless one is gathering or being written (it gathers the next after). */
  function gather() {
    if (timer || isWriting) return;
    if (opts.gatherMs === 0) void flush();
    else timer = opts.clock.setTimeout(() => void flush(), opts.gatherMs);
  }

  async function flush() {
    timer = null;
    isWriting = true;
    const reading = reads;
    reads = [];
    for (const read of reading) read();
    // The fixes of this turn of the event loop join the group.
    await Promise.resolve();
    const group = new Map<string, Waiting>();
    const later: Waiting[] = [];
    for (const fix of waiting) {
      if (group.has(fix.gameId)) later.push(fix);
      else group.set(fix.gameId, fix);
    }
    waiting = later;
    await writeGroup([...group.values()]);
    isWriting = false;
    if (waiting.length > 0 || reads.length > 0) gather();
  }

  async function writeGroup(group: Waiting[]) {
    const byTenant = new Map<string, Waiting[]>();
    for (const fix of group) {
      const fixes = byTenant.get(fix.scope.tenantId);
      if (fixes) fixes.push(fix);
      else byTenant.set(fix.scope.tenantId, [fix]);
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
        gather();
      });
    },
    /**
     * Runs `read` (a socket's message: it writes its fix with `write`) when the next group
     * begins; at once with `gatherMs` 0.
     */
    readWithGroup(read: () => void): void {
      if (opts.gatherMs === 0) return read();
      reads.push(read);
      gather();
    },
  };
}

export type FixWriter = ReturnType<typeof createFixWriter>;
