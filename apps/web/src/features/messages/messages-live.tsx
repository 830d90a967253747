import { useMessageFeed } from '../../api/messages';
import MessagesView from './messages-view';
import type { MessageCenterProps } from './message-center';

/**
 * The team's feed kept live (read, then pushed) and shown by `MessagesView`; nothing while the
 * feed is not there (no team on this phone). Loaded after the page's first render.
 */
export default function MessagesLive({ slug, timeZone }: MessageCenterProps) {
  const { inbox, after } = useMessageFeed(slug);
  if (!inbox) return null;
  return <MessagesView slug={slug} timeZone={timeZone} inbox={inbox} after={after} />;
}
