/**
 * Stored events that each stream of a live view must see one by one, even across a
 * reconnection to another process (a phone's staff actions, decision 0080). The view's value
 * holds only the newest of them; `cursorOf` gives its id, which leads the value's event id
 * (`<cursor>.<digest>`). A browser's `Last-Event-ID` then says which event it saw last, whichever
 * process sent it, and the events after it are read from the database and sent first.
 */
export interface StoredEvents<Target, Value> {
  /** The id of the newest stored event `value` holds (0: none). */
  cursorOf(value: Value): number;
  /**
   * The events after `after` and before the newest one `value` holds, oldest first, each as the
   * value that shows it (`value` with that event in place of its newest).
   */
  between(target: Target, value: Value, after: number): Promise<Value[]>;
}

/** The event id of a value with stored events: its cursor, then its digest. */
export function storedEventId(cursor: number, digest: string): string {
  return `${cursor}.${digest}`;
}

/** The cursor an event id leads with (`storedEventId`, or a replayed event's), else null. */
export function cursorOfId(id: string | undefined): number | null {
  const match = id === undefined ? null : /^(\d+)(\.|$)/.exec(id);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/**
 * The values of the events a stream missed: after the cursor of `seenId` (the id of the last
 * event it saw) and before the newest one `value` holds; none when it names no cursor.
 */
export async function missedValues<Target, Value>(
  stored: StoredEvents<Target, Value>,
  target: Target,
  value: Value,
  seenId: string | undefined,
): Promise<Value[]> {
  const after = cursorOfId(seenId);
  if (after === null || after >= stored.cursorOf(value)) return [];
  return stored.between(target, value, after);
}
