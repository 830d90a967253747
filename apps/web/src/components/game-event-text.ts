import type { GameEvent, TryReason } from '@tappa/contracts';
import { tryReasonText } from '../lib/error-text';
import type { TFunction } from '../lib/i18n';
import { signedPoints } from '../lib/signed-points';

/** An event in words: its kind, the help action or the wrong try's reason, its points. */
export function eventText(
  event: Pick<GameEvent, 'kind' | 'details' | 'points'>,
  t: TFunction,
): string {
  const parts = [t(`liveConsole.activity.kinds.${event.kind}`)];
  const action = event.details?.action;
  // A help action's name; a hint given by staff names its action too (decision 0085).
  if ((event.kind === 'help' || event.kind === 'hint') && typeof action === 'string') {
    const minutes = Number(event.details?.minutes ?? 0);
    parts.push(t(`liveConsole.activity.helpActions.${action as 'skip_step'}`, { minutes }));
  }
  // A wrong try's details are its refusal (`TryReason`: its `code` and the values it names).
  const code = event.details?.code;
  if (event.kind === 'wrong_try' && typeof code === 'string') {
    parts.push(tryReasonText({ ...event.details, code } as TryReason, t));
  }
  if (event.points !== 0) {
    parts.push(t('liveConsole.activity.points', { points: signedPoints(event.points) }));
  }
  return parts.join(' · ');
}
