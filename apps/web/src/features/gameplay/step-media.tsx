import type { PlayerStep } from '@tappa/contracts';

/** A step's images, audio and video, each with its optional caption. */
export function StepMedia({ media }: { media: PlayerStep['media'] }) {
  if (media.length === 0) return null;
  return (
    <div className="gameplay__media">
      {media.map((item) => (
        <figure key={`${item.type}-${item.url}`} className="gameplay__figure">
          {item.type === 'image' && <img src={item.url} alt={item.alt ?? item.caption ?? ''} />}
          {item.type === 'audio' && (
            <audio controls preload="none" src={item.url} aria-label={item.caption} />
          )}
          {item.type === 'video' && (
            <video controls playsInline preload="metadata" src={item.url} aria-label={item.caption}>
              <track kind="captions" />
            </video>
          )}
          {item.caption && <figcaption>{item.caption}</figcaption>}
        </figure>
      ))}
    </div>
  );
}
