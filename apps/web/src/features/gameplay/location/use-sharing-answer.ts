import { gameLocation } from '@tappa/contracts';
import type { LocationSharingChoice } from '@tappa/domain';
import { useState } from 'react';
import { apiCall } from '../../../lib/api-client';

/** The team's answer to a route that asks for its position, as it is being sent. */
export interface SharingAnswer {
  /** The answer is on its way: the buttons wait. */
  busy: boolean;
  /** The last answer's refusal (or failure); null after one the server took. */
  error: unknown;
  answer: (sharing: LocationSharingChoice) => void;
}

/**
 * Sends the team's answer with `gameLocation.shareLocation` ('Condividi la posizione', 'Gioca senza
 * condividere', 'Sospendi condivisione'); `onAnswered` gets the answer the server kept. A refusal
 * changes nothing: the error says why.
 */
export function useSharingAnswer(
  slug: string,
  gameId: string,
  onAnswered: (sharing: LocationSharingChoice) => void,
): SharingAnswer {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function send(sharing: LocationSharingChoice) {
    setBusy(true);
    setError(null);
    try {
      const kept = await apiCall(gameLocation.shareLocation, {
        params: { slug, gameId },
        body: { sharing },
      });
      onAnswered(kept.sharing);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, answer: (sharing) => void send(sharing) };
}
