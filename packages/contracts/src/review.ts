import {
  REVIEW_DECISIONS,
  REVIEW_KINDS,
  REVIEW_STATUSES,
  SCORE_REASON_MAX_LENGTH,
} from '@tappa/domain';
import { z } from 'zod';

// Photo review (issue 34, decision 0083): the queue of answers waiting for a judge on steps under
// staff review, one item at a time, claimed by the judge looking at it; decisions written to the
// score ledger; the photo wall of a route. For the tenant's staff and its judges (policy
// `review`); hiding a wall photo is for its staff.

/** One answer under review, as a judge sees it. */
export const ReviewItemSchema = z.object({
  id: z.string(),
  game_id: z.string(),
  /** Shown only on 'Mostra squadra' (the queue hides it by default). */
  team_name: z.string(),
  route: z.object({ id: z.string(), title: z.string() }),
  /** The step: its id, 1-based number, place and task (its question). */
  step: z.object({
    id: z.string(),
    number: z.number().int(),
    place: z.string(),
    task: z.string(),
  }),
  kind: z.enum(REVIEW_KINDS),
  /** The photo's address: `?size=phone` for the phone-sized variant (a photo item), else null. */
  photo_url: z.string().nullable(),
  /** The team's answer (a text item), else null. */
  answer: z.string().nullable(),
  /** The example answer the organiser gave the staff (a text item), else null. */
  example_answer: z.string().nullable(),
  provisional_points: z.number().int(),
  /** The most points a decision may give (0 on an exploration route). */
  max_points: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  decided_points: z.number().int().nullable(),
  reason: z.string().nullable(),
  decided_by_email: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** Whether the caller holds the item's claim now. */
  claimed_by_me: z.boolean(),
  /** When the team sent it (ISO). */
  created_at: z.string(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

/** A filter of the queue: a route and a step of it, or none. */
export const ReviewFilterSchema = z.object({
  route: z.uuid().optional(),
  step: z.uuid().optional(),
});
export type ReviewFilter = z.infer<typeof ReviewFilterSchema>;

/** `review.summary`: what waits, per route and step (the filters' choices and the counts). */
export const ReviewSummarySchema = z.object({
  pending: z.number().int(),
  routes: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      pending: z.number().int(),
      /** The route's steps under staff review. */
      steps: z.array(
        z.object({
          id: z.string(),
          number: z.number().int(),
          place: z.string(),
          pending: z.number().int(),
        }),
      ),
    }),
  ),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

/** How many items besides `after` a `review.next` may keep claimed (a page claiming ahead). */
export const REVIEW_KEEP_MAX = 2;

/**
 * `review.next`: claims the oldest pending item of the filter that nobody else holds, after the
 * item `after` when given (→: the one after it, wrapping round), never `after` or one of `keep`.
 * The caller's other claims end; those on `after` and `keep` (the item shown while the page
 * claims further ahead) last REVIEW_CLAIM_MS again.
 */
export const ReviewNextRequestSchema = ReviewFilterSchema.extend({
  after: z.uuid().nullable().optional(),
  keep: z.array(z.uuid()).max(REVIEW_KEEP_MAX).optional(),
});
export type ReviewNextRequest = z.infer<typeof ReviewNextRequestSchema>;

/** An item (null when nothing waits) and the pending count of the filter. */
export const ReviewNextSchema = z.object({
  item: ReviewItemSchema.nullable(),
  pending: z.number().int(),
});
export type ReviewNext = z.infer<typeof ReviewNextSchema>;

/** `review.items`: pending (oldest first) or decided (newest decision first) items, paged. */
export const ReviewItemsQuerySchema = ReviewFilterSchema.extend({
  status: z.enum(['pending', 'decided']).default('pending'),
  /** The `next_cursor` of the page before. */
  cursor: z.string().max(200).optional(),
});
export type ReviewItemsQuery = z.input<typeof ReviewItemsQuerySchema>;

export const ReviewItemsPageSchema = z.object({
  items: z.array(ReviewItemSchema),
  next_cursor: z.string().nullable(),
});
export type ReviewItemsPage = z.infer<typeof ReviewItemsPageSchema>;

/** The largest number of points a decision may give (a step's own maximum applies first). */
const POINTS_MAX = 1000;

/**
 * `review.decide`: approve (the provisional points stay), reject with a reason (the points are
 * taken back and the step reopens for a retake), or `points` 0…the step's maximum. The action
 * id makes a decision sent twice apply once.
 */
export const ReviewDecisionRequestSchema = z
  .object({
    action_id: z.uuid(),
    decision: z.enum(REVIEW_DECISIONS),
    points: z.number().int().min(0).max(POINTS_MAX).nullable().optional(),
    reason: z.string().trim().max(SCORE_REASON_MAX_LENGTH).nullable().optional(),
  })
  .refine((d) => d.decision !== 'reject' || (d.reason ?? '') !== '', {
    path: ['reason'],
    message: 'A rejection needs a reason',
  })
  .refine((d) => d.decision !== 'points' || typeof d.points === 'number', {
    path: ['points'],
    message: 'Points need a number',
  });
export type ReviewDecisionRequest = z.infer<typeof ReviewDecisionRequestSchema>;

/** `review.undo`: takes back the item's decision (it is pending again, claimed by the caller). */
export const ReviewUndoRequestSchema = z.object({ action_id: z.uuid() });
export type ReviewUndoRequest = z.infer<typeof ReviewUndoRequestSchema>;

/** A decision or undo: the item as it is now and the filter-free pending count. */
export const ReviewDecisionResultSchema = z.object({
  item: ReviewItemSchema,
  pending: z.number().int(),
});
export type ReviewDecisionResult = z.infer<typeof ReviewDecisionResultSchema>;

/** One photo on the wall. */
export const WallPhotoSchema = z.object({
  item_id: z.string(),
  team_name: z.string(),
  place: z.string(),
  step_number: z.number().int(),
  photo_url: z.string(),
  /** When it was approved (ISO). */
  approved_at: z.string(),
});
export type WallPhoto = z.infer<typeof WallPhotoSchema>;

/** How many photos the wall shows, newest first. */
export const WALL_SIZE = 60;

/** `review.wall` and every `wall` event of its stream: a route's newest approved photos. */
export const WallSchema = z.object({
  route: z.object({ id: z.string(), title: z.string() }),
  photos: z.array(WallPhotoSchema),
});
export type Wall = z.infer<typeof WallSchema>;

export const WallQuerySchema = z.object({ route: z.uuid() });
export type WallQuery = z.infer<typeof WallQuerySchema>;

/** `review.photo`: the phone-sized variant (the queue's first view, the wall) or the full photo. */
export const ReviewPhotoQuerySchema = z.object({ size: z.enum(['phone', 'full']).default('full') });
export type ReviewPhotoQuery = z.input<typeof ReviewPhotoQuerySchema>;
