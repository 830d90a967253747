import type { Fix } from '@tappa/domain';
import { useEffect, useState } from 'react';

/** The phone's readings while `enabled`, for the live map. */
export interface Reading {
  /** The newest reading with its own time; null until one comes after the watch (re)started. */
  fix: Fix | null;
  /** The browser refused the position (its permission denied). */
  isDenied: boolean;
}

/**
 * Watches the phone's position with high accuracy while `enabled`, as `usePosition` does, but
 * keeps each reading's own time (a fix's `taken_at`) and says when the browser refuses it. Not
 * an option of `usePosition`: that hook is on the game screen's first load, this one only on
 * routes that ask for positions. A reading from before the watch stopped is forgotten, so that
 * an old position is never sent as news once the page shows again.
 */
export function useReading(enabled: boolean): Reading {
  const [fix, setFix] = useState<Fix | null>(null);
  const [isDenied, setDenied] = useState(false);
  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (reading) => {
        setDenied(false);
        setFix({
          lat: reading.coords.latitude,
          lng: reading.coords.longitude,
          accuracyM: Number.isFinite(reading.coords.accuracy) ? reading.coords.accuracy : null,
          atMs: reading.timestamp,
        });
      },
      (error) => setDenied(error.code === error.PERMISSION_DENIED),
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
    return () => {
      navigator.geolocation.clearWatch(id);
      setFix(null);
    };
  }, [enabled]);
  return { fix, isDenied };
}
