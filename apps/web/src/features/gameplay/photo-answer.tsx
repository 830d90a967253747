import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

const PhotoCaptureOverlay = lazy(() => import('./camera/photo-capture-overlay'));

/** Props of `PhotoAnswer`. */
export interface PhotoAnswerProps {
  /** Stores the photo on the server; resolves to its URL. */
  upload: (photo: File) => Promise<string>;
  /** The stored photo's URL once uploaded, '' while there is none. */
  onChange: (photoUrl: string) => void;
}

type Upload =
  { state: 'none' } | { state: 'sending' | 'sent' | 'failed'; photo: File; preview: string };

/**
 * A photo step's answer: 'Take a Photo' opens the camera, the photo is uploaded at once and shown;
 * a failed upload is said and kept to send again (by the button, or when the phone is back
 * online), never dropped.
 */
export function PhotoAnswer({ upload, onChange }: PhotoAnswerProps) {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);
  const [current, setCurrent] = useState<Upload>({ state: 'none' });

  const send = async (photo: File, preview: string) => {
    setCurrent({ state: 'sending', photo, preview });
    onChange('');
    try {
      onChange(await upload(photo));
      setCurrent({ state: 'sent', photo, preview });
    } catch {
      setCurrent({ state: 'failed', photo, preview });
    }
  };
  // The latest `send`, without re-adding the listener on every render of the screen.
  const sendAgain = useEffectEvent(send);

  const preview = current.state === 'none' ? null : current.preview;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  useEffect(() => {
    if (current.state !== 'failed') return;
    const again = () => void sendAgain(current.photo, current.preview);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [current]);

  return (
    <div className="gameplay__photo">
      {preview && (
        <img className="gameplay__photo-preview" src={preview} alt={t('gameplay.photoTaken')} />
      )}
      {current.state === 'sending' && <p className="player-muted">{t('gameplay.photoSending')}</p>}
      {current.state === 'failed' && (
        <div className="player-alert" role="alert">
          <p>{t('gameplay.photoFailed')}</p>
          <button
            type="button"
            className="player-button player-button--secondary"
            onClick={() => void send(current.photo, current.preview)}
          >
            {t('gameplay.retry')}
          </button>
        </div>
      )}
      <button
        type="button"
        className="player-button player-button--secondary"
        disabled={current.state === 'sending'}
        onClick={() => setCamera(true)}
      >
        {current.state === 'none' ? t('gameplay.takePhoto') : t('gameplay.retakePhoto')}
      </button>
      {camera && (
        <Suspense fallback={null}>
          <PhotoCaptureOverlay
            onClose={() => setCamera(false)}
            onCapture={(photo) => {
              setCamera(false);
              void send(photo, URL.createObjectURL(photo));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
