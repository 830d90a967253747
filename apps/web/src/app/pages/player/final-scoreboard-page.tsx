import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/game/scoreboard`: the end-of-game scoreboard (a placeholder until its issue builds it). */
export function FinalScoreboardPage() {
  return <PagePlaceholder name="End-of-game scoreboard" />;
}

export default FinalScoreboardPage;
