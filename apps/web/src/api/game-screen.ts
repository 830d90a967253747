import { games } from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import type { UploadProgress } from '../lib/upload-with-progress';

// The calls only the game screen makes, apart from `games.ts`: the start and route pages share
// that module, and the upload with progress would weigh on their first load.

/** `POST …/finish`: 'Next' on the last step of an exploration route ends the game. */
export function finishGame(slug: string, gameId: string, submissionId: string) {
  const body = { submission_id: submissionId };
  return apiCall(games.finish, { params: { slug, gameId }, body });
}

/**
 * `POST …/steps/{stepId}/photo`: uploads the step's photo, telling `onProgress` how far it got;
 * answers the stored photo's URL.
 */
export async function uploadStepPhoto(
  slug: string,
  gameId: string,
  stepId: string,
  photo: File,
  onProgress?: (progress: UploadProgress) => void,
): Promise<string> {
  const body = new FormData();
  body.append('photo', photo, photo.name);
  const options = onProgress ? { onProgress } : {};
  const params = { slug, gameId, stepId };
  // Loaded with the first photo, not with the game screen (its first-load budget); the service
  // worker keeps every chunk, so a photo taken without a connection finds it too.
  const { uploadWithProgress } = await import('../lib/upload-with-progress');
  const { photo_url } = await uploadWithProgress(games.photo, params, body, options);
  return photo_url;
}
