import {
  review,
  type ReviewDecisionRequest,
  type ReviewDecisionResult,
  type ReviewFilter,
  type ReviewItem,
  type ReviewItemsPage,
  type ReviewNext,
  type ReviewUndoRequest,
} from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../lib/api-client';

/** React Query keys of photo review (staff and judges' data). */
export const reviewKeys = {
  all: (slug: string) => ['tenants', slug, 'review'] as const,
  /** What waits, per route and step. */
  summary: (slug: string) => [...reviewKeys.all(slug), 'summary'] as const,
};

/** What waits, per route and step; read again every `refetchMs` when given. */
export function useReviewSummary(slug: string, refetchMs?: number) {
  return useQuery({
    queryKey: reviewKeys.summary(slug),
    queryFn: ({ signal }) => apiCall(review.summary, { params: { slug }, query: {}, signal }),
    refetchInterval: refetchMs ?? false,
  });
}

/** Claims the next pending item of the filter (after `after`, wrapping round). */
export function reviewNext(
  slug: string,
  filter: ReviewFilter,
  after: string | null,
  keep: string[] = [],
): Promise<ReviewNext> {
  return apiCall(review.next, { params: { slug }, body: { ...filter, after, keep } });
}

/** Claims a pending item again (a decided one answers as it is). */
export function reviewClaim(slug: string, itemId: string): Promise<ReviewItem> {
  return apiCall(review.claim, { params: { slug, itemId } });
}

/** A decision on an item the caller holds. */
export function reviewDecide(
  slug: string,
  itemId: string,
  body: ReviewDecisionRequest,
): Promise<ReviewDecisionResult> {
  return apiCall(review.decide, { params: { slug, itemId }, body });
}

/** Takes an item's decision back: it is pending again, claimed by the caller. */
export function reviewUndo(
  slug: string,
  itemId: string,
  body: ReviewUndoRequest,
): Promise<ReviewDecisionResult> {
  return apiCall(review.undo, { params: { slug, itemId }, body });
}

/** A page of decided items of the filter, newest decision first. */
export function reviewDecidedPage(
  slug: string,
  filter: ReviewFilter,
  cursor: string | null,
): Promise<ReviewItemsPage> {
  return apiCall(review.items, {
    params: { slug },
    query: { ...filter, status: 'decided', cursor: cursor ?? undefined },
  });
}
