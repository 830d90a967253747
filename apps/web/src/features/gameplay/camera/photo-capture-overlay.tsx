import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PhotoFileInput } from '../photo-file-input';
import { useCameraStream, useHasManyCameras } from './camera-stream';
import type { CameraErrorKind } from './camera-stream';
import './camera.css';

/** Doc 2 §9: ideal 1920×1080 at 30 fps, JPEG quality 0.95, 10 s to the first frame. */
const PHOTO_WIDTH_PX = 1920;
const PHOTO_HEIGHT_PX = 1080;
const PHOTO_FRAME_RATE = 30;
const JPEG_QUALITY = 0.95;
const START_TIMEOUT_MS = 10_000;

type FacingMode = 'environment' | 'user';

/** Doc 2 §8, camera (photo). */
const ERROR_KEYS = {
  unsupported: 'camera.notSupported',
  denied: 'camera.permissionDenied',
  notFound: 'camera.noCamera',
  busy: 'camera.busy',
  timeout: 'camera.timeout',
  other: 'camera.cannotAccess',
} as const satisfies Record<CameraErrorKind, string>;

/** Props of `PhotoCaptureOverlay`. */
export interface PhotoCaptureOverlayProps {
  /** Receives the photo as `photo-{timestamp}.jpg`; the camera is already off. */
  onCapture: (file: File) => void;
  /** The player closed the overlay; the camera is already off. */
  onClose: () => void;
}

/** Draws the video's current frame and encodes it as a JPEG file. */
function captureFrame(video: HTMLVideoElement): Promise<File | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => {
    canvas.toBlob(
      (blob) =>
        resolve(blob && new File([blob], `photo-${Date.now()}.jpg`, { type: 'image/jpeg' })),
      'image/jpeg',
      JPEG_QUALITY,
    );
  });
}

/**
 * The full-screen camera of a photo step: 'Take Photo', rear camera first, a switch button when
 * the device has more than one camera, and a capture button that hands over a JPEG file. When
 * the camera cannot start, 'Choose or take a photo' hands over a photo from the phone's picker.
 */
export function PhotoCaptureOverlay({ onCapture, onClose }: PhotoCaptureOverlayProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [facingMode, setFacingMode] = useState<FacingMode>('environment');
  const [isCapturing, setIsCapturing] = useState(false);
  const constraints = useMemo(
    () => ({
      video: {
        facingMode,
        width: { ideal: PHOTO_WIDTH_PX },
        height: { ideal: PHOTO_HEIGHT_PX },
        frameRate: { ideal: PHOTO_FRAME_RATE },
      },
      audio: false,
    }),
    [facingMode],
  );
  const { phase, stop } = useCameraStream(videoRef, {
    constraints,
    timeoutMs: START_TIMEOUT_MS,
  });
  const isRunning = phase.state === 'running';
  const hasManyCameras = useHasManyCameras(isRunning);

  const handleClose = () => {
    stop();
    onClose();
  };

  const handleCapture = async () => {
    const video = videoRef.current;
    if (!video || isCapturing) return;
    setIsCapturing(true);
    const file = await captureFrame(video);
    // The encoder failed (out of memory, say): keep the camera on for another try.
    if (!file) return setIsCapturing(false);
    stop();
    onCapture(file);
  };

  return (
    <div className="camera" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <video
        ref={videoRef}
        className={`camera__video${facingMode === 'user' ? ' camera__video--mirrored' : ''}`}
        autoPlay
        muted
        playsInline
      />
      <div className="camera__bar">
        <h2 id={titleId} className="camera__title">
          {t('camera.takePhoto')}
        </h2>
        <button type="button" className="camera__close" onClick={handleClose}>
          {t('camera.close')}
        </button>
      </div>
      <div className="camera__status">
        {phase.state === 'starting' && (
          <p className="camera__message">{t('camera.startingCamera')}</p>
        )}
        {phase.state === 'failed' && (
          <>
            <p className="camera__message camera__message--error" role="alert">
              {t(ERROR_KEYS[phase.kind])}
            </p>
            {/* The camera is refused or missing: the phone's own picker still takes a photo. */}
            <PhotoFileInput
              isPrimary
              onPick={(photo) => {
                stop();
                onCapture(photo);
              }}
            />
          </>
        )}
      </div>
      <div className="camera__controls">
        <span className="camera__side">
          {hasManyCameras && (
            <button
              type="button"
              className="camera__round"
              aria-label={t('camera.switchCamera')}
              onClick={() => setFacingMode((mode) => (mode === 'user' ? 'environment' : 'user'))}
            >
              <span aria-hidden="true">⟲</span>
            </button>
          )}
        </span>
        <button
          type="button"
          className="camera__shutter"
          aria-label={t('camera.capture')}
          disabled={!isRunning || isCapturing}
          onClick={() => void handleCapture()}
        />
        <span className="camera__side" />
      </div>
    </div>
  );
}

export default PhotoCaptureOverlay;
