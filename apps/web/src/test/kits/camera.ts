// Test support of the camera overlays (never imported by app code): a fake camera behind
// `navigator.mediaDevices`, with streams whose tracks record `stop()`; removed after each test.
import { act, fireEvent } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { Mock } from 'vitest';

/** A fake camera stream and its one video track. */
export interface FakeStream {
  stream: MediaStream;
  track: { stop: Mock<() => void> };
}

/** A stream with one video track that records `stop()`. */
export function fakeStream(): FakeStream {
  const track = { kind: 'video', stop: vi.fn<() => void>() };
  // jsdom has no MediaStream: the overlays only read its tracks.
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  return { stream, track };
}

/** The fake camera: `getUserMedia` and `enumerateDevices` as given, recorded. */
export interface FakeCamera {
  getUserMedia: Mock<(constraints: MediaStreamConstraints) => Promise<MediaStream>>;
  enumerateDevices: Mock<() => Promise<MediaDeviceInfo[]>>;
}

/** A camera device list of `videoinputs` cameras and one microphone. */
function devicesOf(videoinputs: number): MediaDeviceInfo[] {
  const device = (kind: MediaDeviceKind, n: number) =>
    ({ kind, deviceId: `${kind}-${n}`, label: '', groupId: '' }) as unknown as MediaDeviceInfo;
  return [
    device('audioinput', 0),
    ...Array.from({ length: videoinputs }, (_, n) => device('videoinput', n)),
  ];
}

/**
 * Puts a fake camera behind `navigator.mediaDevices`: each call of `getUserMedia` answers with
 * the next of `answers` (a stream, or an error to reject with); the device list holds `cameras`.
 */
export function stubCamera(answers: (FakeStream | DOMException)[], cameras = 1): FakeCamera {
  const queue = [...answers];
  const camera: FakeCamera = {
    getUserMedia: vi.fn((_constraints: MediaStreamConstraints) => {
      const next = queue.shift();
      if (!next) return new Promise<MediaStream>(() => undefined);
      return 'stream' in next ? Promise.resolve(next.stream) : Promise.reject(next);
    }),
    enumerateDevices: vi.fn(() => Promise.resolve(devicesOf(cameras))),
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: camera, configurable: true });
  return camera;
}

/** Removes `navigator.mediaDevices`, as on a browser without camera access (plain HTTP). */
export function removeCamera() {
  Reflect.deleteProperty(navigator, 'mediaDevices');
}

/** jsdom's `play()` is not implemented: a video plays at once. */
export function stubVideoPlay() {
  return vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
}

/** The overlay's video element. */
export function theVideo(): HTMLVideoElement {
  const video = document.querySelector('video');
  if (!video) throw new Error('No video element');
  return video;
}

/** Lets pending promises (the stream, the decoder) settle inside React's `act`. */
export async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

/** The first frame arrives: the video fires `loadeddata`. */
export async function deliverFrames() {
  await settle();
  fireEvent(theVideo(), new Event('loadeddata'));
  await settle();
}

/** Advances fake timers by `ms` inside React's `act`, settling promises on the way. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The getUserMedia rejections of each error kind, by DOMException name. */
export const ERROR_NAMES = {
  denied: ['NotAllowedError', 'SecurityError'],
  notFound: ['NotFoundError', 'OverconstrainedError'],
  busy: ['NotReadableError', 'TrackStartError', 'AbortError'],
  other: ['TypeError', 'SomethingNewError'],
} as const;

afterEach(removeCamera);
