import { messages, type PlayerInbox } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import { queryStore } from '../lib/query';
import { messageKeys } from './messages';

/** The most ids `messages.read` takes at once. */
const READ_BATCH = 200;

/** Marks messages read at once on the phone, then on the server (back to unread if it fails). */
export async function markMessagesRead(slug: string, ids: readonly string[]): Promise<void> {
  const key = messageKeys.inbox(slug);
  const setRead = (readAt: string | null) =>
    queryStore.setQueryData<PlayerInbox>(key, (held) => {
      const list = (held?.messages ?? []).map((m) =>
        ids.includes(m.id) ? { ...m, read_at: readAt } : m,
      );
      return { messages: list, unread: list.filter((m) => m.read_at === null).length };
    });
  if (ids.length === 0) return;
  setRead(new Date().toISOString());
  try {
    for (let i = 0; i < ids.length; i += READ_BATCH) {
      const batch = ids.slice(i, i + READ_BATCH);
      await apiCall(messages.read, { params: { slug }, body: { message_ids: batch } });
    }
  } catch (error) {
    setRead(null);
    throw error;
  }
}
