import { randomUUID } from 'node:crypto';
import { isWrongTry, type Player, type TryOutcome } from './driver';
import type { HttpClient } from './http-client';
import type { Team } from './setup';

/**
 * A team on its phone: it submits the current step at the step's position with a fresh
 * `submission_id`, sometimes one wrong answer first (`wrongRatio` of the steps), and moves on
 * after a correct one until the route is completed.
 */
export function httpPlayer(
  client: HttpClient,
  opts: { slug: string; team: Team; wrongRatio: number },
): Player {
  const { team } = opts;
  let index = 0;
  let alreadyWrong = false;
  const player: Player = {
    isDone: false,
    tryNext: async (): Promise<TryOutcome> => {
      const step = team.steps[index];
      if (!step) throw new Error('no step left');
      const wrong = isWrongTry({ ratio: opts.wrongRatio, alreadyWrong });
      const res = await client.send({
        method: 'POST',
        path: `/api/play/${opts.slug}/games/${team.gameId}/steps/${step.id}/submit`,
        headers: {
          'content-type': 'application/json',
          'x-tappa-csrf': '1',
          'x-forwarded-for': team.ip,
          cookie: team.cookie,
        },
        body: JSON.stringify({
          submission_id: randomUUID(),
          answer: wrong ? 'risposta-sbagliata' : step.answer,
          position: { lat: step.lat, lng: step.lng, accuracy_m: 5 },
          heading_deg: null,
        }),
      });
      if (res.status !== 200) return { kind: 'error', status: res.status };
      const result = JSON.parse(res.body) as { outcome: string; completed: boolean };
      if (result.outcome === 'wrong') {
        alreadyWrong = true;
        return { kind: 'wrong' };
      }
      if (result.outcome !== 'correct') return { kind: 'error', status: 200 };
      index += 1;
      alreadyWrong = false;
      if (result.completed || index >= team.steps.length) player.isDone = true;
      return { kind: 'correct' };
    },
  };
  return player;
}
