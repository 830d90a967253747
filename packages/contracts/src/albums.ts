import { z } from 'zod';

// The photo album (decision 0082): a route's photos for its staff, a game's for its team, each a
// ZIP streamed from storage. Before the download, its summary says what it will hold, or answers
// the download's error (`album_empty`, `album_too_large`).

/** `routeAlbum.summary`, `gameAlbum.summary`: the album's photos and the bytes of its ZIP. */
export const AlbumSummarySchema = z.object({
  photos: z.number().int().min(1),
  bytes: z.number().int().min(0),
});
export type AlbumSummary = z.infer<typeof AlbumSummarySchema>;
