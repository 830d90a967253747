import { lazy, Suspense } from 'react';

// The feed, the banner, 'Messaggi' and the inbox load after the page's first render: the player
// pages' first-load budget holds none of them (the service worker keeps the chunk offline).
const MessagesLive = lazy(() => import('./messages-live'));

/** Props of `MessageCenter`. */
export interface MessageCenterProps {
  slug: string;
  /** The tenant's zone: the messages' times are on its clock. */
  timeZone: string;
}

/**
 * The team's messages on a player page of its game (issue 35): its feed kept live, shown as the
 * organiser's newest unread message in a banner and 'Messaggi' with the unread count.
 */
export function MessageCenter(props: MessageCenterProps) {
  return (
    <Suspense fallback={null}>
      <MessagesLive {...props} />
    </Suspense>
  );
}
