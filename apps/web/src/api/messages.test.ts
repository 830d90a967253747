import type { PlayerMessage } from '@tappa/contracts';
import { describe, expect, it } from 'vitest';
import { mergeMessages } from './messages';
import { sampleMessage } from '../test/samples';

const seqs = (inbox: { messages: PlayerMessage[] }) => inbox.messages.map((m) => m.seq);

describe('the feed merged by seq (decision 0084)', () => {
  it('puts messages that come out of order in seq order', () => {
    const inbox = mergeMessages(mergeMessages(undefined, [sampleMessage(4)]), [
      sampleMessage(9),
      sampleMessage(2),
      sampleMessage(6),
    ]);
    expect(seqs(inbox)).toEqual([2, 4, 6, 9]);
    expect(inbox.unread).toBe(4);
  });

  it('keeps a message once when it comes twice (the inbox, then the stream)', () => {
    const held = mergeMessages(undefined, [sampleMessage(1), sampleMessage(2)]);
    const inbox = mergeMessages(held, [sampleMessage(2), sampleMessage(2)]);
    expect(seqs(inbox)).toEqual([1, 2]);
  });

  it('keeps everything once when a reconnected stream replays what the phone has', () => {
    const held = mergeMessages(undefined, [sampleMessage(1), sampleMessage(2), sampleMessage(3)]);
    const replayed = [1, 2, 3, 4].reduce(
      (inbox, seq) => mergeMessages(inbox, [sampleMessage(seq)]),
      held,
    );
    expect(seqs(replayed)).toEqual([1, 2, 3, 4]);
    expect(replayed.unread).toBe(4);
  });

  it('keeps a message read on the phone read when an older copy comes again, and counts unread', () => {
    const read = sampleMessage(1, { read_at: '2026-05-04T10:05:00.000Z' });
    const held = mergeMessages(undefined, [read, sampleMessage(2, { author: 'team' })]);
    const inbox = mergeMessages(held, [
      sampleMessage(1),
      sampleMessage(2, { author: 'team', read_at: 'x' }),
    ]);
    expect(inbox.messages[0]?.read_at).toBe('2026-05-04T10:05:00.000Z');
    expect(inbox.unread).toBe(0);
  });

  it('keeps what was pushed while an inbox read was under way', () => {
    const pushed = mergeMessages(undefined, [sampleMessage(1), sampleMessage(2)]);
    const answered = mergeMessages(pushed, [sampleMessage(1)]);
    expect(seqs(answered)).toEqual([1, 2]);
  });
});
