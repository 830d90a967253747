import { FIX_INTERVAL_MS, isFixWorthSending, type Fix } from '@tappa/domain';
import { useCallback, useEffect, useRef } from 'react';
import type { ApiErrorCode } from '../../../lib/api-client';
import { createFixChannel, type FixChannel } from './fix-channel';

/** Refusals after which no fix of this game would be kept: the sender stops. */
const STOPPING: readonly ApiErrorCode[] = [
  'location_not_shared',
  'game_over',
  'location_not_asked',
];

/** Options of `useFixSender`. */
export interface FixSenderOptions {
  slug: string;
  gameId: string;
  /** The phone's newest reading. */
  fix: Fix | null;
  /** Sharing, the game on, not paused for everyone, the page visible. */
  isOn: boolean;
  /** The server keeps no more fixes of this game (`STOPPING`). */
  onStopped: () => void;
}

/**
 * Sends a sharing team's positions (decision 0086): the first reading at once, then the newest
 * one every FIX_INTERVAL_MS while `isOn`, skipping it when `isFixWorthSending` says the team has
 * not moved; over the fixes' socket while it is open, else as requests (`createFixChannel`,
 * decision 0089). A failed send is dropped, not queued: a live map wants the newest position,
 * which the next tick sends (a fix counts as sent only once the server took it).
 */
export function useFixSender({ slug, gameId, fix, isOn, onStopped }: FixSenderOptions): void {
  const newest = useRef<Fix | null>(null);
  const lastSent = useRef<Fix | null>(null);
  const isSending = useRef(false);
  const hasStarted = useRef(false);
  const channel = useRef<FixChannel | null>(null);
  const stop = useRef(onStopped);
  useEffect(() => {
    stop.current = onStopped;
    newest.current = fix;
  });

  const sendNewest = useCallback(async () => {
    const next = newest.current;
    if (next === null || isSending.current || !isFixWorthSending(lastSent.current, next)) return;
    isSending.current = true;
    const outcome = await channel.current?.send({
      lat: next.lat,
      lng: next.lng,
      accuracy_m: next.accuracyM,
      taken_at: new Date(next.atMs).toISOString(),
    });
    isSending.current = false;
    if (outcome?.kept) lastSent.current = next;
    else if (outcome?.code && STOPPING.includes(outcome.code)) stop.current();
  }, []);

  // The channel lives while the sender is on: its socket closes when sharing stops.
  useEffect(() => {
    if (!isOn) return;
    const opened = createFixChannel(slug, gameId);
    channel.current = opened;
    return () => {
      opened.close();
      if (channel.current === opened) channel.current = null;
    };
  }, [isOn, slug, gameId]);

  // The first reading after the sender (re)starts goes at once: the map sees the team now.
  useEffect(() => {
    if (!isOn) {
      hasStarted.current = false;
      lastSent.current = null;
      return;
    }
    if (fix === null || hasStarted.current) return;
    hasStarted.current = true;
    void sendNewest();
  }, [isOn, fix, sendNewest]);

  useEffect(() => {
    if (!isOn) return;
    const id = window.setInterval(() => void sendNewest(), FIX_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [isOn, sendNewest]);
}
