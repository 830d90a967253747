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
} from '../../../test/kits/camera';
import type { FakeStream } from '../../../test/kits/camera';
import { PhotoCaptureOverlay } from './photo-capture-overlay';

/** Opens the overlay on a camera answering `answers`; returns the camera and the callbacks. */
function openOverlay(answers: (FakeStream | DOMException)[], cameras = 1) {
  stubVideoPlay();
  const camera = stubCamera(answers, cameras);
  const onCapture = vi.fn<(file: File) => void>();
  const onClose = vi.fn<() => void>();
  const view = render(<PhotoCaptureOverlay onCapture={onCapture} onClose={onClose} />);
  return { camera, onCapture, onClose, view };
}

const captureButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Scatta' });
const switchButton = () => screen.queryByRole('button', { name: 'Cambia fotocamera' });

/** jsdom has no canvas: a 2D context that records drawing and a JPEG encoder. */
function stubCanvas() {
  const drawImage = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage,
  } as unknown as CanvasRenderingContext2D);
  const toBlob = vi
    .spyOn(HTMLCanvasElement.prototype, 'toBlob')
    .mockImplementation((done: BlobCallback) => done(new Blob(['jpeg'], { type: 'image/jpeg' })));
  return { drawImage, toBlob };
}

describe('PhotoCaptureOverlay', () => {
  it("asks for the rear camera (1920×1080, 30 fps, no audio): 'Starting camera...'", () => {
    const { camera } = openOverlay([]);

    expect(screen.getByRole('dialog', { name: 'Take Photo' })).toBeTruthy();
    expect(screen.getByText('Starting camera...')).toBeTruthy();
    expect(captureButton().disabled).toBe(true);
    expect(camera.getUserMedia).toHaveBeenCalledWith({
      video: {
        facingMode: 'environment',
        width: { ideal: 1920 },
        height: { ideal: 1080 },
        frameRate: { ideal: 30 },
      },
      audio: false,
    });
  });

  it('shows the picture and enables the capture once frames arrive', async () => {
    openOverlay([fakeStream()]);
    await deliverFrames();

    expect(screen.queryByText('Starting camera...')).toBeNull();
    expect(captureButton().disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ...ERROR_NAMES.denied.map((name) => [
      name,
      'Camera permission denied. Please allow camera access in your browser.',
    ]),
    ...ERROR_NAMES.notFound.map((name) => [name, 'No camera found on this device.']),
    ...ERROR_NAMES.busy.map((name) => [name, 'Camera is busy or cannot be accessed.']),
    ...ERROR_NAMES.other.map((name) => [name, 'Cannot access camera']),
  ])('says why when getUserMedia fails with %s', async (name, text) => {
    openOverlay([new DOMException('refused', name)]);
    await settle();

    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.queryByText('Starting camera...')).toBeNull();
    expect(captureButton().disabled).toBe(true);
  });

  it("says 'Camera not supported' without navigator.mediaDevices", () => {
    stubVideoPlay();
    removeCamera();
    render(<PhotoCaptureOverlay onCapture={vi.fn()} onClose={vi.fn()} />);

    expect(screen.getByRole('alert').textContent).toBe('Camera not supported');
  });

  it('gives up after 10 s without a video frame and turns the camera off', async () => {
    vi.useFakeTimers();
    const stream = fakeStream();
    openOverlay([stream]);
    await advance(9_999);
    expect(screen.queryByRole('alert')).toBeNull();

    await advance(1);
    expect(screen.getByRole('alert').textContent).toBe(
      'Camera timeout. Please check browser permissions and try again.',
    );
    expect(stream.track.stop).toHaveBeenCalled();
  });

  it('shows the switch button only when the device has more than one camera', async () => {
    const { camera } = openOverlay([fakeStream()], 1);
    await deliverFrames();
    await settle();
    expect(camera.enumerateDevices).toHaveBeenCalled();
    expect(switchButton()).toBeNull();
  });

  it('switches to the front camera, turning the rear one off first', async () => {
    const rear = fakeStream();
    const { camera } = openOverlay([rear, fakeStream()], 2);
    expect(switchButton()).toBeNull();
    await deliverFrames();
    await settle();

    fireEvent.click(screen.getByRole('button', { name: 'Cambia fotocamera' }));
    expect(rear.track.stop).toHaveBeenCalled();
    expect(screen.getByText('Starting camera...')).toBeTruthy();
    expect(camera.getUserMedia).toHaveBeenCalledTimes(2);
    expect(camera.getUserMedia.mock.lastCall?.[0].video).toMatchObject({ facingMode: 'user' });
  });

  it('captures a JPEG file photo-{timestamp}.jpg and turns the camera off', async () => {
    const { drawImage, toBlob } = stubCanvas();
    const stream = fakeStream();
    const { onCapture } = openOverlay([stream]);
    await deliverFrames();

    fireEvent.click(captureButton());
    await settle();

    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 0, 0, 0, 0);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.95);
    expect(onCapture).toHaveBeenCalledTimes(1);
    const file = onCapture.mock.calls[0]![0];
    expect(file).toBeInstanceOf(File);
    expect(file.name).toMatch(/^photo-\d+\.jpg$/);
    expect(file.type).toBe('image/jpeg');
    expect(stream.track.stop).toHaveBeenCalled();
  });

  it('turns the camera off on Close', async () => {
    const stream = fakeStream();
    const { onClose } = openOverlay([stream]);
    await deliverFrames();
    expect(stream.track.stop).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(stream.track.stop).toHaveBeenCalled();
  });

  it('turns the camera off on unmount', async () => {
    const stream = fakeStream();
    const { view } = openOverlay([stream]);
    await deliverFrames();
    expect(stream.track.stop).not.toHaveBeenCalled();

    view.unmount();
    expect(stream.track.stop).toHaveBeenCalled();
  });

  it('turns off a stream that arrives after the overlay closed', async () => {
    let grant: (stream: MediaStream) => void = () => undefined;
    stubVideoPlay();
    stubCamera([]).getUserMedia.mockReturnValueOnce(new Promise((resolve) => (grant = resolve)));
    const view = render(<PhotoCaptureOverlay onCapture={vi.fn()} onClose={vi.fn()} />);
    view.unmount();
    const late = fakeStream();
    grant(late.stream);
    await settle();

    expect(late.track.stop).toHaveBeenCalled();
  });
});
