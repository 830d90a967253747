import { messages, type PlayerInbox } from '@tappa/contracts';
import { useEffect, useRef } from 'react';
import { apiCall } from '../lib/api-client';

/** How long the phone waits to tell the server what arrived, so that a burst is told once. */
export const RECEIVED_DELAY_MS = 1_000;

/**
 * Tells the server (`messages.received`) that the phone has the team's feed up to its highest
 * `seq`: once per burst (RECEIVED_DELAY_MS after the last message of it), not once per message,
 * and not again for what this view told already (the server ignores a repeat). A failure is told
 * again with the next message.
 */
export function useReceivedReport(slug: string, inbox: PlayerInbox): void {
  const highest = inbox.messages.at(-1)?.seq ?? 0;
  /** The highest `seq` this view told the server. */
  const told = useRef(0);
  useEffect(() => {
    if (highest <= told.current) return;
    const timer = setTimeout(() => {
      apiCall(messages.received, { params: { slug }, body: { through: highest } }).then(
        () => (told.current = Math.max(highest, told.current)),
        // Only the organiser's counts wait: nothing of the feed is lost.
        () => undefined,
      );
    }, RECEIVED_DELAY_MS);
    return () => clearTimeout(timer);
  }, [slug, highest]);
}
