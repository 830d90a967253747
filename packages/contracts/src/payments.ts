import { z } from 'zod';

/** Whether a Stripe account takes real money (`live`) or only test cards (`test`). */
export const PAYMENT_MODES = ['test', 'live'] as const;
export const PaymentModeSchema = z.enum(PAYMENT_MODES);
export type PaymentMode = z.infer<typeof PaymentModeSchema>;

/** Longest Stripe key or signing secret accepted (Stripe's are about a hundred characters). */
export const STRIPE_SECRET_MAX_LENGTH = 255;

/**
 * A Stripe secret or restricted key: its prefix names the kind and the mode, then at least 8
 * characters of the key itself. A publishable key (`pk_`) cannot create payments: refused.
 */
export const STRIPE_SECRET_KEY_PATTERN = /^(sk|rk)_(test|live)_[A-Za-z0-9_]{8,}$/;

/** A webhook endpoint's signing secret as Stripe shows it. */
export const STRIPE_WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9_]{8,}$/;

/**
 * The events a tenant selects for its webhook endpoint in Stripe: a completed Checkout, and the
 * outcome of a payment method that settles later (bank transfers).
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
] as const;

/**
 * `paymentSettings.read` and `paymentSettings.connect`: whether the tenant's Stripe account is
 * connected, in which mode, the key only as its hint (`sk_test_…4242`), and the URL to give
 * Stripe for the webhook. The secrets themselves are never answered.
 */
export const PaymentSettingsSchema = z.object({
  connected: z.boolean(),
  mode: PaymentModeSchema.nullable(),
  secret_key_hint: z.string().nullable(),
  webhook_secret_set: z.boolean(),
  webhook_url: z.string(),
  updated_at: z.string().nullable(),
});
export type PaymentSettingsView = z.infer<typeof PaymentSettingsSchema>;

/** `paymentSettings.connect`: both secrets, each time (they are write-only). */
export const PaymentSettingsWriteSchema = z.object({
  secret_key: z.string().trim().max(STRIPE_SECRET_MAX_LENGTH).regex(STRIPE_SECRET_KEY_PATTERN),
  webhook_secret: z
    .string()
    .trim()
    .max(STRIPE_SECRET_MAX_LENGTH)
    .regex(STRIPE_WEBHOOK_SECRET_PATTERN),
});
export type PaymentSettingsWrite = z.infer<typeof PaymentSettingsWriteSchema>;

/** Stripe's webhook: the event was taken (or is not for us: Stripe must not send it again). */
export const WebhookReceivedSchema = z.object({ received: z.boolean() });
export type WebhookReceived = z.infer<typeof WebhookReceivedSchema>;
