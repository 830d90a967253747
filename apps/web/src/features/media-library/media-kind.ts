/** What a library file is, for its tile's icon: by the first part of its MIME type. */
export type MediaKind = 'image' | 'audio' | 'video' | 'other';

const KINDS: readonly MediaKind[] = ['image', 'audio', 'video'];

/** The kind of a file of MIME type `mimeType` (`other` for an unknown or missing type). */
export function mediaKindOf(mimeType: string | null): MediaKind {
  const family = mimeType?.split('/')[0]?.toLowerCase();
  return KINDS.find((kind) => kind === family) ?? 'other';
}
