import { ApiError } from './api-error';

/** Messages the API client makes up itself when the server sent no usable message. */
const CLIENT_MESSAGES = [
  /^Request failed with status \d+$/,
  /^Unexpected response from the server$/,
];

/**
 * The message the server gave for a failed call, or null when there is none (network failure,
 * an answer without an error body, or an error that is not an `ApiError`).
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code === 'network') return null;
  const message = error.message.trim();
  if (message === '' || CLIENT_MESSAGES.some((pattern) => pattern.test(message))) return null;
  return message;
}

/** The message of a thrown value (its text when it is not an Error). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
