import type { PaymentMode } from '@tappa/contracts';

const KEY_PREFIX = /^(?:sk|rk)_(test|live)_/;

/** The mode a Stripe key works in, read from its prefix (`sk_live_…` takes real money). */
export function stripeKeyMode(secretKey: string): PaymentMode {
  return KEY_PREFIX.exec(secretKey)?.[1] === 'live' ? 'live' : 'test';
}

/**
 * What the settings show of a stored key: its prefix (kind and mode) and last four characters,
 * `sk_test_…4242`, enough to recognise it in Stripe's dashboard and useless to anyone else.
 */
export function stripeKeyHint(secretKey: string): string {
  const prefix = KEY_PREFIX.exec(secretKey)?.[0] ?? '';
  return `${prefix}…${secretKey.slice(-4)}`;
}
