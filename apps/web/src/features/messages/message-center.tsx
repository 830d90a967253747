import { lazy, Suspense } from 'react';
import { useMessageFeed } from '../../api/messages';

// The banner, 'Messaggi' and the inbox load once the team's feed is there: the player pages'
// first-load budget holds the feed only.
const MessagesView = lazy(() => import('./messages-view'));

/** Props of `MessageCenter`. */
export interface MessageCenterProps {
  slug: string;
  /** The tenant's zone: the messages' times are on its clock. */
  timeZone: string;
}

/**
 * The team's messages on a player page of its game (issue 35): its feed kept live, shown as the
 * organiser's newest unread message in a banner and 'Messaggi' with the unread count. Nothing
 * while the feed is not there (no team on this phone).
 */
export function MessageCenter({ slug, timeZone }: MessageCenterProps) {
  const { inbox, after } = useMessageFeed(slug);
  if (!inbox) return null;
  return (
    <Suspense fallback={null}>
      <MessagesView slug={slug} timeZone={timeZone} inbox={inbox} after={after} />
    </Suspense>
  );
}
