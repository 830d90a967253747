import { useCallback, useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

/** Why the camera could not start; each overlay words it in its own way (doc 2 §8). */
export type CameraErrorKind = 'unsupported' | 'denied' | 'notFound' | 'busy' | 'timeout' | 'other';

/** Where a camera stands: starting, showing frames, or failed for a reason. */
export type CameraPhase =
  { state: 'starting' } | { state: 'running' } | { state: 'failed'; kind: CameraErrorKind };

/** Maps a `getUserMedia` rejection to its kind by the DOMException name browsers use. */
function cameraErrorKind(error: unknown): CameraErrorKind {
  // Old Chrome rejected with a MediaStreamError that is no Error: go by the name alone.
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'other';
  }
}

/** Whether this browser can open a camera at all. */
function hasCameraSupport(): boolean {
  return typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Stops every track of `stream`, so the camera light goes off. */
function stopTracks(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** What `useCameraStream` needs: the constraints to ask for and how long to wait for frames. */
export interface CameraStreamOptions {
  /** A constant or memoised object: a new one reopens the camera. */
  constraints: MediaStreamConstraints;
  /** From the request to the first video frame (the permission prompt included), then give up. */
  timeoutMs: number;
}

/**
 * Opens the camera into `videoRef`'s element and reports its phase; reopens when the constraints
 * change and stops every track on unmount. `stop()` turns the camera off at once (capture, scan,
 * close) without waiting for the unmount.
 */
export function useCameraStream(
  videoRef: RefObject<HTMLVideoElement | null>,
  { constraints, timeoutMs }: CameraStreamOptions,
): { phase: CameraPhase; stop: () => void } {
  const isSupported = hasCameraSupport();
  // The phase belongs to one set of constraints: switching camera starts over at 'starting'.
  const [result, setResult] = useState<{ for: MediaStreamConstraints; phase: CameraPhase } | null>(
    null,
  );
  const streamRef = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    stopTracks(streamRef.current);
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, [videoRef]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !isSupported) return;
    let isSettled = false;
    let isCancelled = false;
    const settle = (phase: CameraPhase) => {
      if (isSettled || isCancelled) return;
      isSettled = true;
      clearTimeout(timer);
      if (phase.state === 'failed') stop();
      setResult({ for: constraints, phase });
    };
    const handleFrames = () => settle({ state: 'running' });
    const timer = setTimeout(() => settle({ state: 'failed', kind: 'timeout' }), timeoutMs);
    video.addEventListener('loadeddata', handleFrames);

    navigator.mediaDevices.getUserMedia(constraints).then(
      (stream) => {
        // Too late (closed, switched or timed out): this stream must not keep the camera on.
        if (isCancelled || isSettled) return stopTracks(stream);
        streamRef.current = stream;
        video.srcObject = stream;
        void Promise.resolve(video.play()).catch(() => undefined);
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) handleFrames();
      },
      (error: unknown) => settle({ state: 'failed', kind: cameraErrorKind(error) }),
    );

    return () => {
      isCancelled = true;
      clearTimeout(timer);
      video.removeEventListener('loadeddata', handleFrames);
      stop();
    };
  }, [constraints, timeoutMs, isSupported, videoRef, stop]);

  if (!isSupported) return { phase: { state: 'failed', kind: 'unsupported' }, stop };
  return { phase: result?.for === constraints ? result.phase : { state: 'starting' }, stop };
}

/** Whether the device lists more than one camera; asked again each time `isRunning` turns true. */
export function useHasManyCameras(isRunning: boolean): boolean {
  const [hasMany, setHasMany] = useState(false);
  useEffect(() => {
    // Before permission is granted, browsers list at most one camera: ask once the stream runs.
    if (!isRunning || !navigator.mediaDevices?.enumerateDevices) return;
    let isCancelled = false;
    navigator.mediaDevices.enumerateDevices().then(
      (devices) => {
        const cameras = devices.filter((device) => device.kind === 'videoinput');
        if (!isCancelled) setHasMany(cameras.length > 1);
      },
      () => undefined,
    );
    return () => {
      isCancelled = true;
    };
  }, [isRunning]);
  return hasMany;
}
