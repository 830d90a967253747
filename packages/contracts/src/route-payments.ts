import { z } from 'zod';
import { CHECKOUT_PAYMENT_STATUSES } from './checkout';

/**
 * One payment of a route as its staff list it (issue 17, decision 0046): the team and e-mail as
 * they were at checkout, the list price, what Stripe charged, the discount code, the status, how
 * much was refunded, and when the checkout was opened and confirmed (ISO instants).
 */
export const RoutePaymentSchema = z.object({
  id: z.string(),
  /** Null once the team's data was erased: the payment stays, anonymised (decision 0057). */
  team_name: z.string().nullable(),
  email: z.string().nullable(),
  list_price_cents: z.number().int(),
  amount_cents: z.number().int(),
  discount_code: z.string().nullable(),
  status: z.enum(CHECKOUT_PAYMENT_STATUSES),
  refunded_cents: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type RoutePayment = z.infer<typeof RoutePaymentSchema>;

/** `routePayments.list`: the route's payments, newest first. */
export const RoutePaymentListSchema = z.object({ payments: z.array(RoutePaymentSchema) });
export type RoutePaymentList = z.infer<typeof RoutePaymentListSchema>;
