import {
  MEDIA_CAPTION_MAX_LENGTH,
  MEDIA_TYPES,
  MEDIA_URL_MAX_LENGTH,
  MIME_TYPE_MAX_LENGTH,
} from '@tappa/domain';
import type { MediaFile } from '@tappa/contracts';
import type { MediaType } from '@tappa/domain';
import { useId, useState } from 'react';
import { useMediaPicker } from '../../components/media-picker-slot';
import { useTranslation } from '../../lib/i18n';
import { newMediaDraft } from './step-draft';
import type { MediaDraft } from './step-draft';

/** Props of `MediaEditor`. */
export interface MediaEditorProps {
  media: readonly MediaDraft[];
  error: string | null;
  onChange: (media: MediaDraft[]) => void;
}

const isMediaType = (value: string): value is MediaType =>
  MEDIA_TYPES.some((type) => type === value);

/** Text inputs of a media item besides its type. */
const TEXT_FIELDS = [
  ['code', 'mediaLibraryCode', MEDIA_URL_MAX_LENGTH],
  ['url', 'mediaUrl', MEDIA_URL_MAX_LENGTH],
  ['caption', 'mediaCaption', MEDIA_CAPTION_MAX_LENGTH],
  ['alt', 'mediaAlt', MEDIA_CAPTION_MAX_LENGTH],
  ['mime_type', 'mediaMime', MIME_TYPE_MAX_LENGTH],
] as const;

/**
 * What a file chosen in a media library makes of an item: the file's code (the server gives
 * players its URL), its kind and type, and its description as the alt text when there is none.
 */
function fromLibrary(item: MediaDraft, file: MediaFile): Partial<MediaDraft> {
  const family = file.mime_type?.split('/')[0];
  return {
    code: file.unique_code,
    url: '',
    type: family !== undefined && isMediaType(family) ? family : item.type,
    mime_type: file.mime_type ?? '',
    alt: item.alt || (file.description ?? ''),
  };
}

/**
 * The step's media items: add, remove, and edit type, library code or url, caption, alt text and
 * MIME type; where the page offers the media libraries, an item's file can be chosen there.
 */
export function MediaEditor({ media, error, onChange }: MediaEditorProps) {
  const { t } = useTranslation();
  const legendId = useId();
  const picker = useMediaPicker();
  const [picking, setPicking] = useState<number | null>(null);
  const update = (key: number, patch: Partial<MediaDraft>) =>
    onChange(media.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const pickingItem = media.find((item) => item.key === picking);

  return (
    <fieldset className="se-fieldset" aria-labelledby={legendId}>
      <legend id={legendId} className="se-fieldset__legend">
        {t('stepEditor.media')}
      </legend>
      {media.map((item, index) => {
        const n = index + 1;
        return (
          <div
            key={item.key}
            className="se-media"
            role="group"
            aria-label={t('stepEditor.mediaN', { n })}
          >
            <div className="se-media__head">
              <label className="se-inline">
                <span>{t('stepEditor.mediaType')}</span>
                <select
                  className="input"
                  value={item.type}
                  aria-label={`${t('stepEditor.mediaN', { n })}: ${t('stepEditor.mediaType')}`}
                  onChange={(event) => {
                    if (isMediaType(event.target.value))
                      update(item.key, { type: event.target.value });
                  }}
                >
                  {MEDIA_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`stepEditor.mediaTypes.${type}`)}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className="se-icon-btn se-icon-btn--danger"
                aria-label={t('stepEditor.removeMedia', { n })}
                onClick={() => onChange(media.filter((other) => other.key !== item.key))}
              >
                ×
              </button>
            </div>
            {picker ? (
              <button
                type="button"
                className="btn btn--small"
                aria-label={`${t('stepEditor.mediaN', { n })}: ${t('stepEditor.chooseFromLibrary')}`}
                onClick={() => setPicking(item.key)}
              >
                {t('stepEditor.chooseFromLibrary')}
              </button>
            ) : null}
            <div className="se-media__fields">
              {TEXT_FIELDS.map(([field, label, maxLength]) => (
                <label key={field} className="form-field">
                  <span className="form-field__label">{t(`stepEditor.${label}`)}</span>
                  <input
                    className="input"
                    inputMode={field === 'url' ? 'url' : undefined}
                    maxLength={maxLength}
                    aria-label={`${t('stepEditor.mediaN', { n })}: ${t(`stepEditor.${label}`)}`}
                    value={item[field] ?? ''}
                    onChange={(event) => {
                      const value = event.target.value;
                      // A blank code is no code: the item then needs its url.
                      update(item.key, {
                        [field]: field === 'code' && value.trim() === '' ? undefined : value,
                      });
                    }}
                  />
                </label>
              ))}
            </div>
          </div>
        );
      })}
      {error ? <p className="form-field__error">{error}</p> : null}
      {picker && pickingItem
        ? picker({
            onPick: (file) => {
              update(pickingItem.key, fromLibrary(pickingItem, file));
              setPicking(null);
            },
            onClose: () => setPicking(null),
          })
        : null}
      <button
        type="button"
        className="btn btn--small"
        onClick={() => onChange([...media, newMediaDraft()])}
      >
        {t('stepEditor.addMedia')}
      </button>
    </fieldset>
  );
}
