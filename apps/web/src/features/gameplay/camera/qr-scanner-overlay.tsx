import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useCameraStream } from './camera-stream';
import type { CameraErrorKind } from './camera-stream';
import { ManualCodePrompt } from './manual-code-prompt';
import { createQrDecoder } from './qr-decoder';
import type { QrDecoder, QrDecoderFactory } from './qr-decoder';
import './camera.css';

/** Doc 2 §9: rear camera, ideal 1280×720, no audio, a frame every 300 ms, 5 s to start. */
const QR_CONSTRAINTS = {
  video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: false,
} satisfies MediaStreamConstraints;
const SCAN_INTERVAL_MS = 300;
const START_TIMEOUT_MS = 5_000;

/** Doc 2 §8, camera (QR): an unsupported browser gets the default text. */
const ERROR_KEYS = {
  unsupported: 'camera.qrCannotAccess',
  denied: 'camera.qrPermissionDenied',
  notFound: 'camera.qrNoCamera',
  busy: 'camera.qrBusy',
  timeout: 'camera.qrTimeout',
  other: 'camera.qrCannotAccess',
} as const satisfies Record<CameraErrorKind, string>;

/** Props of `QrScannerOverlay`. */
export interface QrScannerOverlayProps {
  /** Receives the code, scanned or typed, trimmed; the camera is already off. */
  onScan: (code: string) => void;
  /** The player closed the overlay; the camera is already off. */
  onClose: () => void;
  /** Makes the decoder (qr-scanner by default); must be stable. Tests pass their own. */
  createDecoder?: QrDecoderFactory;
}

/** Keeps one decoder for the overlay's life and frees it on close. */
function useQrDecoder(createDecoder: QrDecoderFactory) {
  const decoderRef = useRef<QrDecoder | null>(null);
  useEffect(() => {
    let isCancelled = false;
    let decoder: QrDecoder | null = null;
    createDecoder().then(
      (created) => {
        if (isCancelled) return created.destroy();
        decoder = created;
        decoderRef.current = created;
      },
      // No decoder (a worker refused by the browser): typing the code still works.
      () => undefined,
    );
    return () => {
      isCancelled = true;
      decoderRef.current = null;
      decoder?.destroy();
    };
  }, [createDecoder]);
  return decoderRef;
}

/**
 * The full-screen QR scanner of a QR step: 'Scan QR Code' over the rear camera, a frame to aim
 * with, and 'Enter Code Manually' for when the camera cannot read (or open).
 */
export function QrScannerOverlay({
  onScan,
  onClose,
  createDecoder = createQrDecoder,
}: QrScannerOverlayProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const isDoneRef = useRef(false);
  const [isPrompting, setIsPrompting] = useState(false);
  const { phase, stop } = useCameraStream(videoRef, {
    constraints: QR_CONSTRAINTS,
    timeoutMs: START_TIMEOUT_MS,
  });
  const decoderRef = useQrDecoder(createDecoder);
  const isRunning = phase.state === 'running';

  const handleCode = (code: string) => {
    if (isDoneRef.current) return;
    isDoneRef.current = true;
    stop();
    onScan(code);
  };
  const handleDetected = useEffectEvent(handleCode);

  const handleClose = () => {
    isDoneRef.current = true;
    stop();
    onClose();
  };

  useEffect(() => {
    const video = videoRef.current;
    if (!isRunning || !video) return;
    let isDecoding = false;
    // One frame at a time: a slow decode skips ticks rather than piling them up.
    const timer = setInterval(() => {
      const decoder = decoderRef.current;
      if (isDecoding || !decoder || isDoneRef.current) return;
      isDecoding = true;
      decoder.decode(video).then(
        (text) => {
          isDecoding = false;
          const code = text?.trim() ?? '';
          if (code !== '') handleDetected(code);
        },
        () => {
          isDecoding = false;
        },
      );
    }, SCAN_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isRunning, decoderRef]);

  return (
    <div className="camera" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <video ref={videoRef} className="camera__video" autoPlay muted playsInline />
      <div className="camera__bar">
        <h2 id={titleId} className="camera__title">
          {t('camera.qrTitle')}
        </h2>
        <button type="button" className="camera__close" onClick={handleClose}>
          {t('camera.close')}
        </button>
      </div>
      <div className="camera__status">
        {isRunning && <div className="camera__frame" aria-hidden="true" />}
      </div>
      <div className="camera__panel">
        {phase.state === 'failed' && (
          <p className="camera__message camera__message--error" role="alert">
            {t(ERROR_KEYS[phase.kind])}
          </p>
        )}
        <p className="camera__hint">
          {isRunning ? t('camera.qrPositionHint') : t('camera.qrManualHint')}
        </p>
        {isPrompting ? (
          <ManualCodePrompt onSubmit={handleCode} onCancel={() => setIsPrompting(false)} />
        ) : (
          <button type="button" className="player-button" onClick={() => setIsPrompting(true)}>
            {t('camera.enterManually')}
          </button>
        )}
      </div>
    </div>
  );
}

export default QrScannerOverlay;
