import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n';

const QrScannerOverlay = lazy(() => import('./camera/qr-scanner-overlay'));

/** Props of `QrAnswer`. */
export interface QrAnswerProps {
  /** The code scanned or typed, '' before. */
  value: string;
  onChange: (code: string) => void;
}

/** A QR step's answer: 'Scan QR Code' opens the scanner; then 'QR Code Scanned: …' and 'Scan Again'. */
export function QrAnswer({ value, onChange }: QrAnswerProps) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  return (
    <div className="gameplay__qr">
      {value !== '' && (
        <p className="gameplay__qr-code">{t('gameplay.qrScanned', { code: value })}</p>
      )}
      <button
        type="button"
        className="player-button player-button--secondary"
        onClick={() => setScanning(true)}
      >
        {value === '' ? t('gameplay.scanQr') : t('gameplay.scanAgain')}
      </button>
      {scanning && (
        <Suspense fallback={null}>
          <QrScannerOverlay
            onClose={() => setScanning(false)}
            onScan={(code) => {
              setScanning(false);
              onChange(code);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
