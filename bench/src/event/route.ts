import { randomBytes } from 'node:crypto';
import { textRouteJson } from '@tappa/domain/fixtures/text-route';
import sharp from 'sharp';
import { ROUTE_SLUG } from '../lib/setup';

/** Ords (1-based) of every ten steps that are photo steps: the 4th and the 8th. */
const PHOTO_ORDS_OF_TEN = [4, 8];

/**
 * The event's route document: `steps` text steps as `textRouteJson` makes them, except the 4th
 * and 8th of every ten, which are photo steps (any photo is accepted, spec doc 2 §4).
 */
export function eventRouteJson(steps: number): string {
  const route = JSON.parse(
    textRouteJson({
      slug: ROUTE_SLUG,
      title: 'Event route',
      description: 'Text and photo steps for the event benchmark',
      steps,
    }),
  ) as { steps: { ord: number; check_type: string; check_answer: string | null }[] };
  for (const step of route.steps) {
    if (!PHOTO_ORDS_OF_TEN.includes(((step.ord - 1) % 10) + 1)) continue;
    step.check_type = 'photo';
    step.check_answer = null;
  }
  return JSON.stringify(route);
}

/**
 * `count` small JPEGs as a phone sends them after downscaling: 640×480 of noise (so they do not
 * compress away), each different, about 30–60 KB at this quality.
 */
export async function makeJpegs(count: number): Promise<Buffer[]> {
  const [width, height] = [640, 480];
  return Promise.all(
    Array.from({ length: count }, async () => {
      // Coarse noise (one value per 8×8 block) keeps the files small but never equal.
      const block = randomBytes((width / 8) * (height / 8) * 3);
      return sharp(block, { raw: { width: width / 8, height: height / 8, channels: 3 } })
        .resize(width, height, { kernel: 'cubic' })
        .jpeg({ quality: 70 })
        .toBuffer();
    }),
  );
}
