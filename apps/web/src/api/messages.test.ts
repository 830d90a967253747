import type { PlayerMessage } from '@tappa/contracts';
import { describe, expect, it } from 'vitest';
import { mergeMessages } from './messages';

/** A message of the organiser at `seq`, unread unless told. */
function messageOf(seq: number, overrides: Partial<PlayerMessage> = {}): PlayerMessage {
  return {
    id: `m-${seq}`,
    seq,
    kind: 'announcement',
    author: 'staff',
    body: `Messaggio ${seq}`,
    read_confirmation: false,
    sent_at: '2026-05-04T10:00:00.000Z',
    read_at: null,
    ...overrides,
  };
}

const seqs = (inbox: { messages: PlayerMessage[] }) => inbox.messages.map((m) => m.seq);

describe('the feed merged by seq (decision 0084)', () => {
  it('puts messages that come out of order in seq order', () => {
    const inbox = mergeMessages(mergeMessages(undefined, [messageOf(4)]), [
      messageOf(9),
      messageOf(2),
      messageOf(6),
    ]);
    expect(seqs(inbox)).toEqual([2, 4, 6, 9]);
    expect(inbox.unread).toBe(4);
  });

  it('keeps a message once when it comes twice (the inbox, then the stream)', () => {
    const held = mergeMessages(undefined, [messageOf(1), messageOf(2)]);
    const inbox = mergeMessages(held, [messageOf(2), messageOf(2)]);
    expect(seqs(inbox)).toEqual([1, 2]);
  });

  it('keeps everything once when a reconnected stream replays what the phone has', () => {
    const held = mergeMessages(undefined, [messageOf(1), messageOf(2), messageOf(3)]);
    const replayed = [1, 2, 3, 4].reduce(
      (inbox, seq) => mergeMessages(inbox, [messageOf(seq)]),
      held,
    );
    expect(seqs(replayed)).toEqual([1, 2, 3, 4]);
    expect(replayed.unread).toBe(4);
  });

  it('keeps a message read on the phone read when an older copy comes again, and counts unread', () => {
    const read = messageOf(1, { read_at: '2026-05-04T10:05:00.000Z' });
    const held = mergeMessages(undefined, [read, messageOf(2, { author: 'team' })]);
    const inbox = mergeMessages(held, [
      messageOf(1),
      messageOf(2, { author: 'team', read_at: 'x' }),
    ]);
    expect(inbox.messages[0]?.read_at).toBe('2026-05-04T10:05:00.000Z');
    expect(inbox.unread).toBe(0);
  });

  it('keeps what was pushed while an inbox read was under way', () => {
    const pushed = mergeMessages(undefined, [messageOf(1), messageOf(2)]);
    const answered = mergeMessages(pushed, [messageOf(1)]);
    expect(seqs(answered)).toEqual([1, 2]);
  });
});
