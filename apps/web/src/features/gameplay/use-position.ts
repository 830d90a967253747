import { useEffect, useState } from 'react';

/** A position reading of the phone. */
export interface Position {
  lat: number;
  lng: number;
  accuracy_m: number | null;
}

/** The phone's live position (high accuracy, readings up to 5 s old), null until one is known. */
export function usePosition(enabled: boolean): Position | null {
  const [position, setPosition] = useState<Position | null>(null);
  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (reading) =>
        setPosition({
          lat: reading.coords.latitude,
          lng: reading.coords.longitude,
          accuracy_m: Number.isFinite(reading.coords.accuracy) ? reading.coords.accuracy : null,
        }),
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 5000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [enabled]);
  return position;
}
