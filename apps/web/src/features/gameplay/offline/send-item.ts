import type { SubmitResult } from '@tappa/contracts';
import { finishGame, uploadStepPhoto } from '../../../api/game-screen';
import { pauseGame, skipStep, submitStep } from '../../../api/games';
import type { QueuedItem } from './queue-store';

/**
 * Sends a queued item as it was made: the try with its id, the skip, the photo, the finish, the
 * pause.
 */
export async function sendItem(item: QueuedItem): Promise<SubmitResult | null> {
  switch (item.kind) {
    case 'submit':
      return submitStep(item.slug, item.gameId, item.stepId, item.body);
    case 'skip':
      return skipStep(item.slug, item.gameId, item.stepId, item.id);
    case 'finish':
      return finishGame(item.slug, item.gameId, item.id);
    case 'photo': {
      const file = new File([item.photo], item.fileName, { type: item.photo.type });
      await uploadStepPhoto(item.slug, item.gameId, item.stepId, file);
      return null;
    }
    case 'pause':
      await pauseGame(item.slug, item.gameId);
      return null;
  }
}
