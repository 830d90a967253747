import { messages, type PlayerInbox } from '@tappa/contracts';
import { useEffect } from 'react';
import { apiCall } from '../lib/api-client';

/** How long the phone waits to tell the server what arrived, so that a burst is told once. */
export const RECEIVED_DELAY_MS = 1_000;

/** The highest `seq` told to the server as received, per tenant, while this page lives. */
const toldReceived: Record<string, number> = {};

/**
 * Tells the server (`messages.received`) that the phone has the team's feed up to its highest
 * `seq`: once per burst (RECEIVED_DELAY_MS after the last message of it), not once per message,
 * and not again for what was told already. A failure is told again with the next message.
 */
export function useReceivedReport(slug: string, inbox: PlayerInbox): void {
  const highest = inbox.messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (highest <= (toldReceived[slug] ?? 0)) return;
    const timer = setTimeout(() => {
      apiCall(messages.received, { params: { slug }, body: { through: highest } }).then(
        () => (toldReceived[slug] = Math.max(highest, toldReceived[slug] ?? 0)),
        // Only the organiser's counts wait: nothing of the feed is lost.
        () => undefined,
      );
    }, RECEIVED_DELAY_MS);
    return () => clearTimeout(timer);
  }, [slug, highest]);
}
