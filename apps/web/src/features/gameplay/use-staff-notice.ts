import type { GameLive } from '@tappa/contracts';
import { useEffect, useRef, useState } from 'react';
import { useGameLive } from '../../api/game-live';

/** A staff event the phone shows. */
export type StaffEvent = NonNullable<GameLive['staff_event']>;

/** The most staff event ids remembered per game. */
const REMEMBERED_MAX = 50;

const storageKey = (gameId: string) => `tappa.staff-events.${gameId}`;

/** The staff events already shown on this phone for the game. */
function shownIds(gameId: string): number[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(gameId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

function remember(gameId: string, id: number) {
  const ids = [...shownIds(gameId), id].slice(-REMEMBERED_MAX);
  try {
    localStorage.setItem(storageKey(gameId), JSON.stringify(ids));
  } catch {
    // A full or blocked storage: the notice may show again after a reload, nothing worse.
  }
}

/**
 * A hint the team took itself (decision 0085): no message from the organisers, only a change
 * the other phones read (the phone that took it already shows the hint and its cost).
 */
const isTeamsOwn = (event: StaffEvent) =>
  event.kind === 'hint' && event.details?.action !== 'give_hint';

/** Whether the game's state changed in a way the game screen shows. */
function changed(before: GameLive, after: GameLive): boolean {
  return (
    before.status !== after.status ||
    before.current_step_index !== after.current_step_index ||
    before.total_score !== after.total_score ||
    before.time_extension_minutes !== after.time_extension_minutes ||
    // 'Pausa per tutti' or 'Riprendi per tutti' (decision 0085): the clock and the step follow.
    before.event_paused_at !== after.event_paused_at
  );
}

/**
 * Follows the game's live state (issue 31): a staff event this phone has not shown yet (ids
 * remembered per game in `localStorage`) becomes the notice; a new one, or any other change of
 * status, step, score, time limit or event pause while the screen is open, calls `onChange`,
 * which reads the game again.
 */
export function useStaffNotice(slug: string, gameId: string, onChange: () => void) {
  const live = useGameLive(slug, gameId).data;
  const [handled, setHandled] = useState<GameLive | undefined>(undefined);
  const [notice, setNotice] = useState<StaffEvent | null>(null);
  // Each new value is looked at once, while rendering: a staff event not shown yet is the notice.
  if (live !== handled) {
    setHandled(live);
    const event = live?.staff_event ?? null;
    const isNew = event && event.id !== notice?.id && !shownIds(gameId).includes(event.id);
    if (isNew && !isTeamsOwn(event)) setNotice(event);
  }
  const noticeId = notice?.id ?? null;
  useEffect(() => {
    if (noticeId !== null) remember(gameId, noticeId);
  }, [gameId, noticeId]);

  const previous = useRef<GameLive | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  // A new staff event, or a change of status, step, score, time limit or event pause: the game
  // is read again (on the first value only for an event not shown yet: the game was just read).
  useEffect(() => {
    if (!live) return;
    const before = previous.current;
    previous.current = live;
    const event = live.staff_event;
    const newEvent = event !== null && event.id !== before?.staff_event?.id;
    const isFirstUnseen = before === null && event !== null && event.id === noticeId;
    if (isFirstUnseen || (before !== null && (newEvent || changed(before, live)))) {
      onChangeRef.current();
    }
  }, [live, noticeId]);

  return { notice, dismiss: () => setNotice(null) };
}
