import type { GameState } from '@tappa/contracts';
import { hintBudgetLeft, timeLimitMs } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { StorageDriver } from '../../infra/storage/storage';
import { resolveMediaCodes } from '../media/media.service';
import { writeGameOutsideTry } from './game-writes.repository';
import { findOwnGameWithRoute, listGameSteps } from './games.repository';
import { presentEventClock } from './event-times';
import { presentPlayerHints, readTakenHints, spentOnHints } from './hints/hints.service';
import { nextPendingIndex } from './try';

/**
 * The game screen's state. On load the current step is the stored index (or the first pending
 * step) and its `started_ms` is set when missing (doc 2 §4). Opening the screen is a contact
 * from the team (decision 0039). Media-library codes become URLs. Answers never leave the server,
 * nor the text of a hint the team has not taken (decision 0085): a step's hints unlock counting
 * from its `started_ms`, the moment the team reached it.
 */
export async function loadGameState(
  { db, storage }: { db: Db; storage: StorageDriver },
  scope: TenantScope,
  opts: { gameId: string; email: string; now: Date; retentionDays: number },
): Promise<GameState> {
  return db.transaction(async (tx) => {
    const loaded = await findOwnGameWithRoute(tx, scope, { ...opts, lock: true });
    if (!loaded) throw new AppError('game_not_found');
    const rows = await listGameSteps(tx, scope, loaded.game.id);
    const states = rows.map((r) => r.gameStep);
    const current = rows[loaded.game.current_step_index] ?? rows[nextPendingIndex(states, 0)];
    const isOn = loaded.game.status !== 'completed';
    const clock = isOn && current?.gameStep.started_ms === null ? current.gameStep : null;
    // A game waiting for its event's start starts its first step's clock then (decision 0085).
    const clockAt = loaded.game.clock_at ?? loaded.game.created_at;
    const startedMs = Math.max(opts.now.getTime(), clockAt.getTime());
    if (isOn) {
      await writeGameOutsideTry(
        tx,
        scope,
        { id: loaded.game.id, set: { last_active_at: opts.now } },
        clock ? (steps) => steps.startClock(clock.id, startedMs) : undefined,
      );
    }
    const { game, route } = loaded;
    const media = await resolveMediaCodes(
      { db: tx, storage },
      scope,
      rows.map((r) => r.step.media),
    );
    const taken = await readTakenHints(tx, scope, game.id);
    // The clock started just now is not in the rows read before it.
    const reachedMs = (gameStep: (typeof rows)[number]['gameStep']) =>
      gameStep.started_ms ?? (gameStep.id === clock?.id ? startedMs : null);
    const limit = timeLimitMs({
      hours: route.time_limit_hours,
      minutes: route.time_limit_minutes,
      extensionMinutes: game.time_extension_minutes,
    });
    return {
      id: game.id,
      status: game.status,
      team_name: game.team_name,
      team_avatar_url: game.team_avatar_url,
      created_at: game.created_at.toISOString(),
      current_step_index: game.current_step_index,
      total_score: game.total_score,
      route: {
        slug: route.slug,
        title: route.title,
        route_type: route.route_type,
        geolocation_enabled: route.geolocation_enabled,
        time_limit_ms: route.time_limit_enabled && limit > 0 ? limit : null,
      },
      steps: rows.map(({ gameStep, step }, i) => ({
        id: step.id,
        ord: step.ord,
        place: step.place,
        address: step.address,
        lat: step.lat,
        lng: step.lng,
        radius_m: step.radius_m,
        task: step.task,
        hint: step.hint,
        check_type: step.check_type,
        choices: step.choices,
        multiple: step.multiple,
        requires_orientation: step.orientation_deg !== null,
        media: media[i] ?? [],
        status: gameStep.status,
        points: gameStep.points,
        hints: presentPlayerHints({
          stepId: step.id,
          hints: step.hints,
          reachedMs: reachedMs(gameStep),
          taken,
        }),
      })),
      hint_budget_left: hintBudgetLeft(route.hint_budget, spentOnHints(taken)),
      clock_at: clockAt.toISOString(),
      event: presentEventClock(route),
      location: route.location_sharing
        ? {
            sharing: game.location_sharing,
            purpose: route.location_purpose,
            retention_days: opts.retentionDays,
          }
        : null,
    };
  });
}
