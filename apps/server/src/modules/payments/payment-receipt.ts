import { type ClockLanguage, formatEuroCents, formatInstantNamed } from '@tappa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { errorText, type MailMessage } from '../../infra/mailer/mailer';
import { isMailDeliveryOn, sendPlatformMail } from '../platform/platform.service';
import { requireRoute } from '../routes/routes.service';
import type { PaymentRow } from './payments.repository';

/** What sending a receipt needs: the mail settings live in the database and the config. */
export interface ReceiptDeps {
  db: Db;
  config: AppConfig;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** The tenant a receipt is issued for: its name heads the mail, its zone sets the time. */
export interface ReceiptTenant {
  scope: TenantScope;
  name: string;
  timeZone: string;
}

/** Everything the receipt shows, gathered after the payment's transaction committed. */
export interface ReceiptFacts {
  tenantName: string;
  timeZone: string;
  /** Null when the route was deleted meanwhile (the payment keeps no title of its own). */
  routeTitle: string | null;
  payment: Pick<
    PaymentRow,
    | 'id'
    | 'list_price_cents'
    | 'amount_cents'
    | 'discount_code'
    | 'payment_intent_id'
    | 'completed_at'
  > & { email: string; team_name: string | null };
}

/** The labels of one language; the values (amounts, date, references) are the same in both. */
interface ReceiptLabels {
  language: ClockLanguage;
  title: string;
  team: string;
  route: string;
  amountPaid: string;
  listPrice: string;
  discountCode: string;
  date: string;
  paymentReference: string;
  stripeReference: string;
  notAnInvoice: (tenantName: string) => string;
}

const ITALIAN: ReceiptLabels = {
  language: 'it',
  title: 'Ricevuta di pagamento',
  team: 'Squadra',
  route: 'Percorso',
  amountPaid: 'Importo pagato',
  listPrice: 'Prezzo di listino',
  discountCode: 'Codice sconto',
  date: 'Data',
  paymentReference: 'Riferimento del pagamento',
  stripeReference: 'Riferimento Stripe',
  notAnInvoice: (tenantName) =>
    `Questa è una ricevuta di pagamento, non una fattura né un documento fiscale. ` +
    `Per la fattura rivolgiti a ${tenantName}.`,
};

const ENGLISH: ReceiptLabels = {
  language: 'en',
  title: 'Payment receipt',
  team: 'Team',
  route: 'Route',
  amountPaid: 'Amount paid',
  listPrice: 'List price',
  discountCode: 'Discount code',
  date: 'Date',
  paymentReference: 'Payment reference',
  stripeReference: 'Stripe reference',
  notAnInvoice: (tenantName) =>
    `This is a receipt of payment, not a tax invoice. For an invoice, contact ${tenantName}.`,
};

/**
 * `24/11/2026, 21:08 (ora di Roma)`: the moment of payment on the tenant's wall clock, its zone
 * always named (an e-mail is read anywhere).
 */
function localMoment(instant: Date, timeZone: string, language: ClockLanguage): string {
  return formatInstantNamed(instant, { timeZone, style: 'dateTime', language, isZoneNamed: true });
}

/** One language's block: the heading, the facts (optional lines left out), the disclaimer. */
function receiptBlock(labels: ReceiptLabels, facts: ReceiptFacts, paidAt: Date): string[] {
  const { payment } = facts;
  const lines: [string, string | null][] = [
    [labels.team, payment.team_name],
    [labels.route, facts.routeTitle],
    [labels.amountPaid, formatEuroCents(payment.amount_cents)],
    // The list price only when the team paid something else (a discount applied).
    [
      labels.listPrice,
      payment.list_price_cents === payment.amount_cents
        ? null
        : formatEuroCents(payment.list_price_cents),
    ],
    [labels.discountCode, payment.discount_code],
    [labels.date, localMoment(paidAt, facts.timeZone, labels.language)],
    [labels.paymentReference, payment.id],
    [labels.stripeReference, payment.payment_intent_id],
  ];
  return [
    `${labels.title} — ${facts.tenantName}`,
    '',
    ...lines.flatMap(([label, value]) => (value === null ? [] : [`${label}: ${value}`])),
    '',
    labels.notAnInvoice(facts.tenantName),
  ];
}

/**
 * The receipt e-mail to the team (decision 0047): Italian, then English, as nothing records the
 * team's language; amounts in the Italian writing every page uses ('€ 9,90').
 */
export function composePaymentReceipt(facts: ReceiptFacts, fallbackNow: Date): MailMessage {
  const paidAt = facts.payment.completed_at ?? fallbackNow;
  return {
    to: facts.payment.email,
    subject: `${facts.tenantName}: ricevuta di pagamento / payment receipt`,
    text: [
      ...receiptBlock(ITALIAN, facts, paidAt),
      '',
      '————————————————',
      '',
      ...receiptBlock(ENGLISH, facts, paidAt),
    ].join('\n'),
  };
}

/**
 * Sends the team the receipt of a payment the webhook has just completed and committed. Called
 * once per payment: only by the delivery whose transaction moved it to completed. Never throws:
 * the payment is confirmed and Stripe's event recorded whatever happens here, so a failure is
 * logged at warn (tenant and payment id only) and not retried (decision 0047). Without mail
 * delivery configured the receipt is skipped, as the verification e-mail is.
 */
export async function sendPaymentReceipt(
  deps: ReceiptDeps,
  tenant: ReceiptTenant,
  opts: { payment: PaymentRow; now: Date },
): Promise<void> {
  const where = { tenantId: tenant.scope.tenantId, paymentId: opts.payment.id };
  const { email } = opts.payment;
  try {
    if (email === null) {
      // The team's data was erased while its checkout was open (decision 0057): nobody to send to.
      deps.logger.info(where, 'payment receipt skipped: the team was erased');
      return;
    }
    if (!(await isMailDeliveryOn(deps))) {
      deps.logger.info(where, 'payment receipt skipped: mail delivery is not configured');
      return;
    }
    const route = opts.payment.route_id
      ? await requireRoute(deps.db, tenant.scope, opts.payment.route_id)
      : null;
    const message = composePaymentReceipt(
      {
        tenantName: tenant.name,
        timeZone: tenant.timeZone,
        routeTitle: route?.title ?? null,
        payment: { ...opts.payment, email },
      },
      opts.now,
    );
    await sendPlatformMail(deps, message);
    deps.logger.info(where, 'payment receipt sent');
  } catch (error) {
    deps.logger.warn({ ...where, reason: errorText(error) }, 'payment receipt could not be sent');
  }
}
