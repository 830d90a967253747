import type { PlayerStep } from '@tappa/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';

type MediaItem = PlayerStep['media'][number];

/** The text of a media item that could not be loaded, by its type. */
const MISSING_KEYS = {
  image: 'gameplay.mediaMissing.image',
  audio: 'gameplay.mediaMissing.audio',
  video: 'gameplay.mediaMissing.video',
} as const satisfies Record<MediaItem['type'], string>;

const MISSING_ICONS = { image: '🖼', audio: '🔊', video: '🎬' } as const satisfies Record<
  MediaItem['type'],
  string
>;

/** A step's images, audio and video, each with its optional caption. */
export function StepMedia({ media }: { media: PlayerStep['media'] }) {
  if (media.length === 0) return null;
  return (
    <div className="gameplay__media">
      {media.map((item) => (
        <figure key={`${item.type}-${item.url}`} className="gameplay__figure">
          <MediaView item={item} />
          {item.caption && <figcaption>{item.caption}</figcaption>}
        </figure>
      ))}
    </div>
  );
}

/**
 * One image, audio or video; when its file cannot be loaded (gone, or no signal), a tidy note
 * with an icon instead of the browser's broken image or dead player.
 */
function MediaView({ item }: { item: MediaItem }) {
  const { t } = useTranslation();
  const [isBroken, setIsBroken] = useState(false);
  const fail = () => setIsBroken(true);
  if (isBroken) {
    return (
      <p className="gameplay__media-missing">
        <span className="gameplay__media-missing-icon" aria-hidden="true">
          {MISSING_ICONS[item.type]}
        </span>
        {t(MISSING_KEYS[item.type])}
      </p>
    );
  }
  switch (item.type) {
    case 'image':
      return <img src={item.url} alt={item.alt ?? item.caption ?? ''} onError={fail} />;
    case 'audio':
      return (
        <audio controls preload="none" src={item.url} aria-label={item.caption} onError={fail} />
      );
    case 'video':
      return (
        <video
          controls
          playsInline
          preload="metadata"
          src={item.url}
          aria-label={item.caption}
          onError={fail}
        >
          <track kind="captions" />
        </video>
      );
  }
}
