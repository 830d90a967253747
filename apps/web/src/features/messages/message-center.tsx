import { lazy, Suspense } from 'react';
import './message-center.css';

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
 * organiser's newest unread message in a banner and 'Messaggi' with the unread count. The
 * button's row is there from the first render, so the screen under it does not move when the
 * feed arrives.
 */
export function MessageCenter(props: MessageCenterProps) {
  return (
    <div className="messages-bar">
      <Suspense fallback={null}>
        <MessagesLive {...props} />
      </Suspense>
    </div>
  );
}
