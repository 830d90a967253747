import { lazy, Suspense, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { UploadProgress } from '../../lib/upload-with-progress';
import { downscalePhoto } from './downscale-photo';
import { PhotoFileInput } from './photo-file-input';

const PhotoCaptureOverlay = lazy(() => import('./camera/photo-capture-overlay'));

/** Stores a photo on the server, telling how far the upload got; resolves to its URL. */
export type PhotoUpload = (
  photo: File,
  onProgress: (progress: UploadProgress) => void,
) => Promise<string>;

/** Props of `PhotoAnswer`. */
export interface PhotoAnswerProps {
  upload: PhotoUpload;
  /** The stored photo's URL once uploaded, '' while there is none. */
  onChange: (photoUrl: string) => void;
  /**
   * The step's photo from the offline queue (also after a reload without signal): shown as taken
   * until the team takes another.
   */
  queued?: File | null;
}

type Upload =
  { state: 'none' } | { state: 'sending' | 'sent' | 'failed'; photo: File; preview: string };

/** Whether the page may ask for the camera at all (old or in-app browsers may lack it). */
const canUseCamera = () => typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * A photo step's answer: 'Take a Photo' opens the camera, and 'Choose or take a photo' the
 * phone's picker (the only way when the page has no camera). The photo is brought down in size
 * on the phone, uploaded at once with its progress shown, and shown; a failed upload is said and
 * kept to send again (by the button, or when the phone is back online), never dropped.
 */
export function PhotoAnswer({ upload, onChange, queued = null }: PhotoAnswerProps) {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(false);
  const [current, setCurrent] = useState<Upload>({ state: 'none' });
  const [sentShare, setSentShare] = useState(0);
  const hasCamera = canUseCamera();

  const send = async (photo: File, preview: string) => {
    setCurrent({ state: 'sending', photo, preview });
    setSentShare(0);
    onChange('');
    try {
      const url = await upload(photo, ({ loadedBytes, totalBytes }) =>
        setSentShare(totalBytes > 0 ? loadedBytes / totalBytes : 0),
      );
      onChange(url);
      setCurrent({ state: 'sent', photo, preview });
    } catch {
      setCurrent({ state: 'failed', photo, preview });
    }
  };
  // The latest `send`, without re-adding the listener on every render of the screen.
  const sendAgain = useEffectEvent(send);

  const take = async (original: File) => {
    setCamera(false);
    const preview = URL.createObjectURL(original);
    setCurrent({ state: 'sending', photo: original, preview });
    setSentShare(0);
    onChange('');
    await send(await downscalePhoto(original), preview);
  };

  const preview = current.state === 'none' ? null : current.preview;
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  // Until the team takes a photo here, the one waiting in the queue is the step's photo.
  const queuedPreview = useMemo(() => queued && URL.createObjectURL(queued), [queued]);
  useEffect(
    () => (queuedPreview ? () => URL.revokeObjectURL(queuedPreview) : undefined),
    [queuedPreview],
  );
  const shown: Upload =
    current.state === 'none' && queued && queuedPreview
      ? { state: 'sent', photo: queued, preview: queuedPreview }
      : current;

  useEffect(() => {
    if (current.state !== 'failed') return;
    const again = () => void sendAgain(current.photo, current.preview);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [current]);

  const isSending = shown.state === 'sending';
  const percent = Math.round(sentShare * 100);
  return (
    <div className="gameplay__photo">
      {shown.state !== 'none' && (
        <img
          className="gameplay__photo-preview"
          src={shown.preview}
          alt={t('gameplay.photoTaken')}
        />
      )}
      {isSending && (
        <div className="gameplay__upload">
          <progress
            className="gameplay__progress"
            max={100}
            value={percent}
            aria-label={t('gameplay.photoSending')}
          />
          <p className="player-muted" aria-live="polite">
            {t('gameplay.photoSendingPercent', { percent })}
          </p>
        </div>
      )}
      {shown.state === 'failed' && (
        <div className="player-alert" role="alert">
          <p>{t('gameplay.photoFailed')}</p>
          <button
            type="button"
            className="player-button player-button--secondary"
            onClick={() => void send(shown.photo, shown.preview)}
          >
            {t('gameplay.retry')}
          </button>
        </div>
      )}
      {hasCamera && (
        <button
          type="button"
          className="player-button player-button--secondary"
          disabled={isSending}
          onClick={() => setCamera(true)}
        >
          {shown.state === 'none' ? t('gameplay.takePhoto') : t('gameplay.retakePhoto')}
        </button>
      )}
      <PhotoFileInput
        isPrimary={!hasCamera}
        disabled={isSending}
        onPick={(photo) => void take(photo)}
      />
      {camera && (
        <Suspense fallback={null}>
          <PhotoCaptureOverlay
            onClose={() => setCamera(false)}
            onCapture={(photo) => void take(photo)}
          />
        </Suspense>
      )}
    </div>
  );
}
