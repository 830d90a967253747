import { endpoint, shape } from '../endpoint';
import type {
  ReviewDecisionRequest,
  ReviewDecisionResult,
  ReviewFilter,
  ReviewItem,
  ReviewItemsPage,
  ReviewItemsQuery,
  ReviewNext,
  ReviewNextRequest,
  ReviewPhotoQuery,
  ReviewSummary,
  ReviewUndoRequest,
  Wall,
  WallQuery,
} from '../review';

const REVIEW = '/api/tenants/:slug/review';
const ITEM = `${REVIEW}/items/:itemId`;

/**
 * Photo review (issue 34, decision 0083): the queue of answers on steps under staff review, the
 * judges' claims and decisions (through the score ledger), and a route's photo wall. For the
 * tenant's staff and its judges; hiding a photo from the wall is for its staff.
 */
export const review = {
  /** What waits, per route and step. */
  summary: endpoint({
    method: 'GET',
    path: REVIEW,
    access: 'tenant-staff',
    policy: 'review',
    query: shape<ReviewFilter>(),
    response: shape<ReviewSummary>(),
  }),
  /** Claims the next pending item of the filter for the caller. */
  next: endpoint({
    method: 'POST',
    path: `${REVIEW}/next`,
    access: 'tenant-staff',
    policy: 'review',
    body: shape<ReviewNextRequest>(),
    response: shape<ReviewNext>(),
  }),
  /** Pending or decided items, paged. */
  items: endpoint({
    method: 'GET',
    path: `${REVIEW}/items`,
    access: 'tenant-staff',
    policy: 'review',
    query: shape<ReviewItemsQuery>(),
    response: shape<ReviewItemsPage>(),
  }),
  /** Claims a pending item for the caller (←: back to one seen before); a decided one as it is. */
  claim: endpoint({
    method: 'POST',
    path: `${ITEM}/claim`,
    access: 'tenant-staff',
    policy: 'review',
    response: shape<ReviewItem>(),
  }),
  /** A decision on an item the caller holds. */
  decide: endpoint({
    method: 'POST',
    path: `${ITEM}/decision`,
    access: 'tenant-staff',
    policy: 'review',
    body: shape<ReviewDecisionRequest>(),
    response: shape<ReviewDecisionResult>(),
  }),
  /** Takes a decision back while the team has not acted on it. */
  undo: endpoint({
    method: 'POST',
    path: `${ITEM}/undo`,
    access: 'tenant-staff',
    policy: 'review',
    body: shape<ReviewUndoRequest>(),
    response: shape<ReviewDecisionResult>(),
  }),
  /** The item's photo (a file): `?size=phone` or full. */
  photo: endpoint({
    method: 'GET',
    path: `${ITEM}/photo`,
    access: 'tenant-staff',
    policy: 'review',
    query: shape<ReviewPhotoQuery>(),
  }),
  /** A route's photo wall: its newest approved photos of consenting teams. */
  wall: endpoint({
    method: 'GET',
    path: `${REVIEW}/wall`,
    access: 'tenant-staff',
    policy: 'review',
    query: shape<WallQuery>(),
    response: shape<Wall>(),
  }),
  /** The wall as Server-Sent Events: a `wall` event now and on every change, `: ping` every 25 s. */
  wallStream: endpoint({
    method: 'GET',
    path: `${REVIEW}/wall/stream`,
    access: 'tenant-staff',
    policy: 'review',
    query: shape<WallQuery>(),
  }),
  /** Takes a photo off the wall (audited). */
  hide: endpoint({
    method: 'DELETE',
    path: `${REVIEW}/wall/:itemId`,
    access: 'tenant-staff',
    policy: 'staff',
    response: shape<Wall>(),
  }),
};
