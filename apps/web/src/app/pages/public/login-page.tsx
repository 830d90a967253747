import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/login`: generic sign-in (a placeholder until its issue builds it). */
export function LoginPage() {
  return <PagePlaceholder name="Login" />;
}

export default LoginPage;
