import { messages, type PlayerInbox, type PlayerMessage } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import { queryStore } from '../lib/query';
import { mergeMessages, messageKeys } from './messages';

/**
 * A line to the organiser ('Scrivi all'organizzatore'): sent with `actionId`, so that a retry of
 * the same text is kept once; the line joins the team's feed at once.
 */
export async function writeMessage(
  slug: string,
  body: string,
  actionId: string,
): Promise<PlayerMessage> {
  const line = await apiCall(messages.write, {
    params: { slug },
    body: { action_id: actionId, body },
  });
  queryStore.setQueryData<PlayerInbox>(messageKeys.inbox(slug), (held) =>
    mergeMessages(held, [line]),
  );
  return line;
}
