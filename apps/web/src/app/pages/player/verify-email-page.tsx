import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/verify-email?token=`: e-mail verification (a placeholder until its issue builds it). */
export function VerifyEmailPage() {
  return <PagePlaceholder name="E-mail verification" />;
}

export default VerifyEmailPage;
