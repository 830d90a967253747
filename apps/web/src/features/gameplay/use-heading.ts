import { useEffect, useState } from 'react';

/** Safari's compass reading, in degrees clockwise from north. */
interface CompassOrientationEvent extends DeviceOrientationEvent {
  webkitCompassHeading?: number;
}

/** iOS asks before sharing the compass, and only from a tap. */
interface OrientationPermission {
  requestPermission?: () => Promise<'granted' | 'denied'>;
}

/** Degrees clockwise from north of an orientation reading, or null without a compass. */
function headingOf(event: CompassOrientationEvent): number | null {
  if (typeof event.webkitCompassHeading === 'number') return event.webkitCompassHeading;
  // `alpha` turns counter-clockwise; it points at north only when the reading is absolute.
  if (event.absolute && typeof event.alpha === 'number') return (360 - event.alpha) % 360;
  return null;
}

/**
 * The phone's compass heading while `enabled` (null until one is known): used on steps that ask
 * which way to face when no letter is chosen (doc 2 §5). On iOS the permission is asked at the
 * first tap on the page.
 */
export function useHeading(enabled: boolean): number | null {
  const [heading, setHeading] = useState<number | null>(null);
  useEffect(() => {
    if (!enabled || typeof window === 'undefined' || !('DeviceOrientationEvent' in window)) return;
    const onReading = (event: Event) => {
      const next = headingOf(event as CompassOrientationEvent);
      if (next !== null) setHeading(Math.round(next) % 360);
    };
    const askOnce = () => {
      const api = window.DeviceOrientationEvent as unknown as OrientationPermission;
      void api.requestPermission?.().catch(() => 'denied');
    };
    window.addEventListener('deviceorientationabsolute', onReading);
    window.addEventListener('deviceorientation', onReading);
    window.addEventListener('pointerdown', askOnce, { once: true });
    return () => {
      window.removeEventListener('deviceorientationabsolute', onReading);
      window.removeEventListener('deviceorientation', onReading);
      window.removeEventListener('pointerdown', askOnce);
    };
  }, [enabled]);
  return heading;
}
