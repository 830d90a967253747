import { randomUUID } from 'node:crypto';
import type { StepPhotoResponse, SubmitResult } from '@tappa/contracts';
import { isWrongTry, type Player, type TryOutcome } from './driver';
import type { HttpClient } from './http-client';
import type { Team } from './setup';

/** A player that says which step it is on (0-based; the route's length once it is done). */
export interface HttpPlayer extends Player {
  readonly team: Team;
  readonly stepIndex: number;
}

const PHOTO_BOUNDARY = 'tappa-bench-photo';

/** A phone's upload of one JPEG as the multipart field `photo`. */
function photoForm(jpeg: Buffer) {
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${PHOTO_BOUNDARY}` },
    body: Buffer.concat([
      Buffer.from(
        `--${PHOTO_BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${PHOTO_BOUNDARY}--\r\n`),
    ]),
  };
}

/**
 * A team on its phone: it submits the current step at the step's position with a fresh
 * `submission_id`, sometimes one wrong answer first (`wrongRatio` of the text steps), and moves
 * on after a correct one until the route is completed. A photo step first uploads one of
 * `photos` (taken in turn) and answers with its URL; the upload's time comes back as `uploadMs`.
 * `fromStep`: the step the team is on already; `onResult`: each answered try and when it came.
 */
export function httpPlayer(
  client: HttpClient,
  opts: {
    slug: string;
    team: Team;
    wrongRatio: number;
    photos?: readonly Buffer[];
    fromStep?: number;
    onResult?: (result: SubmitResult, answeredAt: number) => void;
  },
): HttpPlayer {
  const { team } = opts;
  const base = `/api/play/${opts.slug}/games/${team.gameId}/steps`;
  const headers = { 'x-tappa-csrf': '1', 'x-forwarded-for': team.ip, cookie: team.cookie };
  let index = opts.fromStep ?? 0;
  let alreadyWrong = false;
  let photosTaken = 0;
  const upload = async (stepId: string) => {
    const photo = opts.photos?.[photosTaken++ % opts.photos.length];
    if (!photo) throw new Error('a photo step, and no photo to upload');
    const form = photoForm(photo);
    const t0 = performance.now();
    const res = await client.send({
      method: 'POST',
      path: `${base}/${stepId}/photo`,
      headers: { ...headers, ...form.headers },
      body: form.body,
    });
    const uploadMs = performance.now() - t0;
    if (res.status !== 200) return { uploadMs, status: res.status, url: null };
    return { uploadMs, status: 200, url: (JSON.parse(res.body) as StepPhotoResponse).photo_url };
  };
  const player: HttpPlayer = {
    team,
    get stepIndex() {
      return index;
    },
    isDone: index >= team.steps.length,
    tryNext: async (): Promise<TryOutcome> => {
      const step = team.steps[index];
      if (!step) throw new Error('no step left');
      let answer = step.answer;
      let uploadMs: number | undefined;
      // A photo is always accepted: a photo step has no wrong answer.
      const wrong =
        step.checkType !== 'photo' && isWrongTry({ ratio: opts.wrongRatio, alreadyWrong });
      if (step.checkType === 'photo') {
        const uploaded = await upload(step.id);
        uploadMs = uploaded.uploadMs;
        if (!uploaded.url) return { kind: 'error', status: uploaded.status, uploadMs };
        answer = uploaded.url;
      }
      const res = await client.send({
        method: 'POST',
        path: `${base}/${step.id}/submit`,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          submission_id: randomUUID(),
          answer: wrong ? 'risposta-sbagliata' : answer,
          position: { lat: step.lat, lng: step.lng, accuracy_m: 5 },
          heading_deg: null,
        }),
      });
      const answeredAt = performance.now();
      if (res.status !== 200) return { kind: 'error', status: res.status, uploadMs };
      const result = JSON.parse(res.body) as SubmitResult;
      opts.onResult?.(result, answeredAt);
      if (result.outcome === 'wrong') {
        alreadyWrong = true;
        return { kind: 'wrong', uploadMs };
      }
      if (result.outcome !== 'correct') return { kind: 'error', status: 200, uploadMs };
      index += 1;
      alreadyWrong = false;
      if (result.completed || index >= team.steps.length) player.isDone = true;
      return { kind: 'correct', uploadMs };
    },
  };
  return player;
}
