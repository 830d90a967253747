import { ApiError } from '../../lib/api-client';

/**
 * The index of the step the game is on, when the server refused a try or skip because it was
 * for another step (`step_not_current`, decision 0059); null for any other error. The screen
 * then shows that step, the only one the server takes a try for.
 */
export function currentStepOfRefusal(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'step_not_current') return null;
  const stepNumber = Number(error.params.step_number);
  return Number.isInteger(stepNumber) && stepNumber >= 1 ? stepNumber - 1 : null;
}
