import { DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_TYPES } from '@tappa/domain';
import { z } from 'zod';

/** Where a team's payment for a route stands: `none` before it opened a checkout. */
export const CHECKOUT_PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type CheckoutPaymentStatus = (typeof CHECKOUT_PAYMENT_STATUSES)[number];

/**
 * `checkout.quote` and `checkout.open`: the discount code
 * the team typed, if any. Strict: the price is the server's, so a body naming an amount is refused.
 */
export const CheckoutRequestSchema = z
  .object({ discount_code: z.string().max(DISCOUNT_CODE_MAX_LENGTH).nullish() })
  .strict();
export type CheckoutRequestBody = z.infer<typeof CheckoutRequestSchema>;

/** `POST …/payment/quote`: the price now, with the code's discount, and whether Stripe is on. */
export const PaymentQuoteSchema = z.object({
  route_id: z.string(),
  route_title: z.string(),
  list_price_cents: z.number().int(),
  total_cents: z.number().int(),
  /** What the price row's code would make it (not the code), or null: see `PlayableRoute`. */
  code_price_cents: z.number().int().nullable(),
  discount: z
    .object({
      code: z.string(),
      type: z.enum(DISCOUNT_TYPES),
      percentage: z.number().nullable(),
      amount_off_cents: z.number().int(),
    })
    .nullable(),
  payments_connected: z.boolean(),
});
export type PaymentQuote = z.infer<typeof PaymentQuoteSchema>;

/** `checkout.open`: Stripe's hosted payment page to send the team to. */
export const CheckoutResponseSchema = z.object({ checkout_url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;

/** `GET …/payment`: the team's latest payment for the route, which the page polls on return. */
export const RoutePaymentStatusSchema = z.object({
  status: z.enum(['none', ...CHECKOUT_PAYMENT_STATUSES]),
  amount_cents: z.number().int().nullable(),
});
export type RoutePaymentStatus = z.infer<typeof RoutePaymentStatusSchema>;
