import { toString as renderQrCode } from 'qrcode';
import { useEffect, useState } from 'react';

/** An SVG document as an `<img>` source (no markup is ever injected into the page). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Props of `QrCodeImage`. */
export interface QrCodeImageProps {
  text: string;
  alt: string;
  /** Shown instead of the image when the text cannot be encoded. */
  failedText: string;
  className?: string;
}

type QrState = { text: string; src: string } | { text: string; failed: true } | null;

/** A QR code of `text`, drawn as SVG by the `qrcode` package (crisp at any print size). */
export function QrCodeImage({ text, alt, failedText, className }: QrCodeImageProps) {
  const [state, setState] = useState<QrState>(null);

  useEffect(() => {
    let live = true;
    renderQrCode(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (svg) => {
        if (live) setState({ text, src: svgDataUrl(svg) });
      },
      () => {
        if (live) setState({ text, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [text]);

  // A result for an older text is never shown for the new one.
  if (state?.text !== text) {
    return <div className={className} aria-busy="true" />;
  }
  if ('failed' in state) return <p className="qr-failed">{failedText}</p>;
  return <img className={className} src={state.src} alt={alt} />;
}
