import { review, SCOREBOARD_REFRESH_MS, urlOf, type Wall } from '@tappa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiCall } from '../lib/api-client';
import { useEventStream } from '../lib/live-stream';

/** The name of the events of `review.wallStream` (the whole wall each time). */
export const WALL_EVENT = 'wall';

/** React Query keys of the photo wall (staff and judges' data). */
export const photoWallKeys = {
  /** A route's wall. */
  wall: (slug: string, routeId: string) => ['tenants', slug, 'review', 'wall', routeId] as const,
};

/**
 * A route's photo wall, pushed whole by `review.wallStream` (a `wall` event now and on every
 * change), read once from `review.wall` to begin with and every SCOREBOARD_REFRESH_MS while the
 * stream is down.
 */
export function usePhotoWall(slug: string, routeId: string) {
  const queryClient = useQueryClient();
  const key = photoWallKeys.wall(slug, routeId);
  // Pushes so far: a read that a push overtook keeps the pushed wall.
  const pushes = useRef(0);
  const query = `?${new URLSearchParams({ route: routeId }).toString()}`;
  const isLive = useEventStream<Wall>({
    url: urlOf(review.wallStream, { slug }) + query,
    event: WALL_EVENT,
    label: 'wall',
    onPush: (wall) => {
      pushes.current += 1;
      queryClient.setQueryData(key, wall);
    },
  });
  const wall = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const before = pushes.current;
      const read = await apiCall(review.wall, {
        params: { slug },
        query: { route: routeId },
        signal,
      });
      return pushes.current === before ? read : (queryClient.getQueryData<Wall>(key) ?? read);
    },
    refetchInterval: isLive ? false : SCOREBOARD_REFRESH_MS,
    staleTime: SCOREBOARD_REFRESH_MS,
  });
  return { ...wall, isLive };
}

/** Takes a photo off the route's wall (staff only); the wall it answers replaces the one held. */
export function useHideWallPhoto(slug: string, routeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => apiCall(review.hide, { params: { slug, itemId } }),
    onSuccess: (wall) => queryClient.setQueryData(photoWallKeys.wall(slug, routeId), wall),
  });
}
