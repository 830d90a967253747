import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/:routeSlug/payment`: the payment target of a paid route (a placeholder until its issue builds it). */
export function PaymentPage() {
  return <PagePlaceholder name="Payment" />;
}

export default PaymentPage;
