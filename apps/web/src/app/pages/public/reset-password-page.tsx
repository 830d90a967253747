import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/reset-password?token=`: password reset (a placeholder until its issue builds it). */
export function ResetPasswordPage() {
  return <PagePlaceholder name="Reset password" />;
}

export default ResetPasswordPage;
