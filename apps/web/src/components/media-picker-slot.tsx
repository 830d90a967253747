import type { MediaFile } from '@tappa/contracts';
import { createContext, type ReactNode, useContext } from 'react';

/** What a media picker is given: where the chosen file goes, and how it closes unchosen. */
export interface MediaPickerProps {
  onPick: (file: MediaFile) => void;
  onClose: () => void;
}

/** Draws a media picker (a dialog over the library); null where none is offered. */
export type MediaPickerRenderer = (props: MediaPickerProps) => ReactNode;

/**
 * Where a page offers the media libraries to a form that takes media (the step editor): the
 * page composes the media-library feature in, so the form's feature does not import it.
 */
export const MediaPickerContext = createContext<MediaPickerRenderer | null>(null);

/** The media picker the page offers, if any. */
export function useMediaPicker(): MediaPickerRenderer | null {
  return useContext(MediaPickerContext);
}
