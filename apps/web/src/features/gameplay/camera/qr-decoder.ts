/** Reads a QR code from the current picture of a video or canvas. */
export interface QrDecoder {
  /** The decoded text, or null when this frame holds no readable code. */
  decode: (source: HTMLVideoElement | HTMLCanvasElement) => Promise<string | null>;
  /** Frees the decoder (ends its worker). */
  destroy: () => void;
}

/** Makes a `QrDecoder`; the overlay takes another one in tests. */
export type QrDecoderFactory = () => Promise<QrDecoder>;

/**
 * The real decoder: qr-scanner's engine (the native BarcodeDetector where the browser has one,
 * otherwise its Web Worker, created from a blob: URL), made once and reused for every frame.
 */
export async function createQrDecoder(): Promise<QrDecoder> {
  // Loaded here, not at the top, so the library stays out of every chunk but the scanner's.
  const { default: QrScanner } = await import('qr-scanner');
  const engine = await QrScanner.createQrEngine();
  const canvas = document.createElement('canvas');
  // Every frame is read back for the decoder: ask for a CPU-backed canvas (qr-scanner gets this
  // context, as a canvas has only one).
  canvas.getContext('2d', { alpha: false, willReadFrequently: true });
  return {
    decode: async (source) => {
      try {
        const result = await QrScanner.scanImage(source, {
          qrEngine: engine,
          canvas,
          returnDetailedScanResult: true,
        });
        return result.data;
      } catch {
        // qr-scanner rejects with 'No QR code found' for every frame without a code.
        return null;
      }
    },
    destroy: () => {
      if (engine instanceof Worker) engine.terminate();
    },
  };
}
