import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  advance,
  deliverFrames,
  ERROR_NAMES,
  fakeStream,
  removeCamera,
  settle,
  stubCamera,
  stubVideoPlay,
  theVideo,
} from '../../../test/kits/camera';
import type { FakeStream } from '../../../test/kits/camera';
import type { QrDecoder } from './qr-decoder';
import { QrScannerOverlay } from './qr-scanner-overlay';

/** A decoder that reads nothing until told otherwise; records frames and its end. */
function fakeDecoder() {
  const decoder = {
    decode: vi.fn<QrDecoder['decode']>(() => Promise.resolve(null)),
    destroy: vi.fn<() => void>(),
  };
  return { decoder, createDecoder: () => Promise.resolve(decoder) };
}

/** Opens the scanner on a camera answering `answers`, with a fake decoder. */
function openScanner(answers: (FakeStream | DOMException)[]) {
  stubVideoPlay();
  const camera = stubCamera(answers);
  const { decoder, createDecoder } = fakeDecoder();
  const onScan = vi.fn<(code: string) => void>();
  const onClose = vi.fn<() => void>();
  const view = render(
    <QrScannerOverlay onScan={onScan} onClose={onClose} createDecoder={createDecoder} />,
  );
  return { camera, decoder, onScan, onClose, view };
}

const MANUAL_HINT = 'Or enter the code manually';
const AIM_HINT = 'Position QR code within the frame';

describe('QrScannerOverlay', () => {
  it('asks for the rear camera at 1280×720 without audio; hints at manual entry meanwhile', () => {
    const { camera } = openScanner([]);

    expect(screen.getByRole('dialog', { name: 'Scan QR Code' })).toBeTruthy();
    expect(screen.getByText(MANUAL_HINT)).toBeTruthy();
    expect(screen.queryByText(AIM_HINT)).toBeNull();
    expect(camera.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
      audio: false,
    });
  });

  it.each([
    ...ERROR_NAMES.denied.map((name) => [
      name,
      'Camera permission denied. Use manual input below.',
    ]),
    ...ERROR_NAMES.notFound.map((name) => [name, 'No camera found. Use manual input below.']),
    ...ERROR_NAMES.busy.map((name) => [name, 'Camera is busy. Use manual input below.']),
    ...ERROR_NAMES.other.map((name) => [name, 'Cannot access camera. Use manual input below.']),
  ])('says why when getUserMedia fails with %s', async (name, text) => {
    openScanner([new DOMException('refused', name)]);
    await settle();

    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.getByText(MANUAL_HINT)).toBeTruthy();
  });

  it('says it cannot access the camera without navigator.mediaDevices', () => {
    stubVideoPlay();
    removeCamera();
    const { createDecoder } = fakeDecoder();
    render(<QrScannerOverlay onScan={vi.fn()} onClose={vi.fn()} createDecoder={createDecoder} />);

    expect(screen.getByRole('alert').textContent).toBe(
      'Cannot access camera. Use manual input below.',
    );
  });

  it('gives up after 5 s without a video frame and turns the camera off', async () => {
    vi.useFakeTimers();
    const stream = fakeStream();
    openScanner([stream]);
    await advance(4_999);
    expect(screen.queryByRole('alert')).toBeNull();

    await advance(1);
    expect(screen.getByRole('alert').textContent).toBe('Camera timeout. Use manual input below.');
    expect(stream.track.stop).toHaveBeenCalled();
  });

  it('tries a frame every 300 ms; on a code it stops the camera and hands it over', async () => {
    vi.useFakeTimers();
    const stream = fakeStream();
    const { decoder, onScan } = openScanner([stream]);
    await deliverFrames();
    expect(screen.getByText(AIM_HINT)).toBeTruthy();

    await advance(299);
    expect(decoder.decode).not.toHaveBeenCalled();
    await advance(1);
    expect(decoder.decode).toHaveBeenCalledTimes(1);
    expect(decoder.decode).toHaveBeenCalledWith(theVideo());
    await advance(300);
    expect(decoder.decode).toHaveBeenCalledTimes(2);
    expect(onScan).not.toHaveBeenCalled();
    expect(stream.track.stop).not.toHaveBeenCalled();

    decoder.decode.mockResolvedValue('  NAVONA-4FIUMI \n');
    await advance(300);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('NAVONA-4FIUMI');
    expect(stream.track.stop).toHaveBeenCalled();

    await advance(900);
    expect(decoder.decode).toHaveBeenCalledTimes(3);
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('frees the decoder when it closes', async () => {
    const { decoder, view } = openScanner([fakeStream()]);
    await deliverFrames();
    expect(decoder.destroy).not.toHaveBeenCalled();

    view.unmount();
    expect(decoder.destroy).toHaveBeenCalledTimes(1);
  });

  it('takes a typed code, trimmed, and refuses a blank one', async () => {
    const stream = fakeStream();
    const { onScan } = openScanner([stream]);
    await deliverFrames();
    fireEvent.click(screen.getByRole('button', { name: 'Enter Code Manually' }));
    const input = screen.getByLabelText('Inserisci il codice');
    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'OK' });

    fireEvent.change(input, { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(input);
    expect(onScan).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '  NAVONA-4FIUMI  ' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('NAVONA-4FIUMI');
    expect(stream.track.stop).toHaveBeenCalled();
  });

  it('cancels the typed code and keeps scanning', async () => {
    openScanner([fakeStream()]);
    await deliverFrames();
    fireEvent.click(screen.getByRole('button', { name: 'Enter Code Manually' }));
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));

    expect(screen.queryByLabelText('Inserisci il codice')).toBeNull();
    expect(screen.getByRole('button', { name: 'Enter Code Manually' })).toBeTruthy();
  });

  it('turns the camera off on Close', async () => {
    const stream = fakeStream();
    const { onClose, onScan } = openScanner([stream]);
    await deliverFrames();
    expect(stream.track.stop).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onScan).not.toHaveBeenCalled();
    expect(stream.track.stop).toHaveBeenCalled();
  });

  it('turns the camera off on unmount', async () => {
    const stream = fakeStream();
    const { view } = openScanner([stream]);
    await deliverFrames();
    expect(stream.track.stop).not.toHaveBeenCalled();

    view.unmount();
    expect(stream.track.stop).toHaveBeenCalled();
  });
});
