import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/gioco/step[/:routeSlug]`: gameplay (a placeholder until its issue builds it). */
export function GameplayPage() {
  return <PagePlaceholder name="Gameplay" />;
}

export default GameplayPage;
