// Test support of the scoreboard screens (never imported by app code): ranking fixtures and a fake
// EventSource that tests open, feed and break by hand.
import type { RankingRow, Rankings, ScoreboardRoute } from '@tappa/contracts';
import { within } from '@testing-library/react';
import { vi } from 'vitest';
import { errorResponse } from '../stub-api';

/** A progressive route of the scoreboards. */
export const CENTRO: ScoreboardRoute = {
  slug: 'centro',
  title: 'Giro del Centro',
  route_type: 'progressive',
};

/** An exploration route of the scoreboards (its scores show as '-'). */
export const MUSEI: ScoreboardRoute = { slug: 'musei', title: 'Musei', route_type: 'exploration' };

/** A ranking row at `position` (team 'Team N', 100 - 10·N points, 3 of 6 steps). */
export function rowOf(position: number, overrides: Partial<RankingRow> = {}): RankingRow {
  return {
    id: `row-${position}`,
    position,
    team_name: `Team ${position}`,
    score: 100 - 10 * position,
    progress: 3,
    total: 6,
    last_seen: '2025-05-04T10:30:00.000Z',
    route_type: 'progressive',
    ...overrides,
  };
}

/** `count` rows at positions 1…count. */
export function rowsOf(count: number): RankingRow[] {
  return Array.from({ length: count }, (_, index) => rowOf(index + 1));
}

/** Rankings (computed at 10:30 on 4 May 2025 unless told) with `overrides`. */
export function rankingsOf(overrides: Partial<Rankings> = {}): Rankings {
  return {
    route: null,
    overall: [],
    today: [],
    computed_at: '2025-05-04T10:30:00.000Z',
    frozen_at: null,
    ...overrides,
  };
}

/** Answers one stubbed call from its URL (path and query); undefined falls through to 404. */
export type UrlHandler = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** Stubs `fetch` with `answer`; calls it leaves unanswered get a 404 error body. */
export function stubFetchByUrl(answer: UrlHandler) {
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = answer(new URL(href, 'http://tappa.test'), init);
    return response ?? errorResponse('not_found');
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The path and query of every call a `stubFetchByUrl` mock received, in order. */
export function calledUrls(mock: ReturnType<typeof stubFetchByUrl>): string[] {
  return mock.mock.calls.map(([input]) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://tappa.test');
    return url.pathname + url.search;
  });
}

/** A scriptable stand-in for the browser's EventSource; every instance is kept in `instances`. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;

  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }

  /** The server accepted the stream. */
  open() {
    this.readyState = this.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  /** The server pushed an event named `type` with `data` as JSON (and the event id `id`). */
  emit(type: string, data: unknown, id = '') {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }

  /** The connection broke: the browser retries (CONNECTING) or gave up (CLOSED). */
  fail(state: 'retrying' | 'closed' = 'retrying') {
    this.readyState = state === 'closed' ? this.CLOSED : this.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }

  close() {
    this.readyState = this.CLOSED;
  }

  /** The most recent instance (the board's current stream). */
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }
}

/** Installs `FakeEventSource` as the global EventSource, with no instances yet. */
export function stubEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** The texts of the cells of each body row of `table`. */
export function rowTexts(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}
