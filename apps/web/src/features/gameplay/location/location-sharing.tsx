import type { GameLocation, GameState } from '@tappa/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { errorText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/i18n';
import type { Position } from '../use-position';
import { SharingPill } from './sharing-pill';
import { SharingQuestion } from './sharing-question';
import { useFixSender } from './use-fix-sender';
import { usePageVisible } from './use-page-visible';
import { useReading } from './use-reading';
import { useSharingAnswer } from './use-sharing-answer';
import '../../../lib/location-texts';
import './location.css';

/** Props of `LocationSharing`. */
export interface LocationSharingProps {
  slug: string;
  game: GameState;
  /** The game's `location`: its route asks for positions. */
  location: GameLocation;
  /** Reads the game again: the server keeps no more of its fixes. */
  onReread: () => void;
  /** The newest position while the team shares, else null: its tries carry it. */
  onPosition: (position: Position | null) => void;
  /** The step, shown once the team has answered. */
  children: ReactNode;
}

/**
 * The live map on the phone (issue 37, decision 0086): on a route that asks for positions, the
 * question in place of the step until the team answers, then the sharing indicator above the
 * step; while the team shares, the game is on, not paused for everyone and the page visible, the
 * phone's position is watched and sent. Loaded only on such routes, with its texts (the game
 * screen's first-load budget).
 */
export function LocationSharing(props: LocationSharingProps) {
  const { slug, game, location, onReread, onPosition } = props;
  const { t } = useTranslation();
  // The answer kept by the server: this phone's own at once, a re-read game's when it comes.
  const [sharing, setSharing] = useState(location.sharing);
  const [seen, setSeen] = useState(location);
  // The game as read when the server refused a fix: no more are sent until it is read again.
  const [stoppedAt, setStoppedAt] = useState<GameLocation | null>(null);
  if (seen !== location) {
    setSeen(location);
    setSharing(location.sharing);
  }
  const sending = useSharingAnswer(slug, game.id, setSharing);
  const isShared = sharing === 'shared' && stoppedAt !== location;
  const isVisible = usePageVisible();
  const isOn = isShared && game.status === 'active' && !game.event?.paused_at && isVisible;
  const reading = useReading(isOn);
  useFixSender({
    slug,
    gameId: game.id,
    fix: reading.fix,
    isOn,
    onStopped: () => {
      setStoppedAt(location);
      onReread();
    },
  });

  const { fix } = reading;
  const shared = isShared && fix !== null ? fix : null;
  useEffect(() => {
    onPosition(shared && { lat: shared.lat, lng: shared.lng, accuracy_m: shared.accuracyM });
  }, [onPosition, shared]);

  const refusal = sending.error === null ? null : errorText(sending.error, t);
  if (sharing === null) {
    return <SharingQuestion location={location} sending={sending} errorText={refusal} />;
  }
  return (
    <>
      <SharingPill
        isShared={isShared}
        isDenied={reading.isDenied}
        sending={sending}
        errorText={refusal}
      />
      {props.children}
    </>
  );
}

export default LocationSharing;
