import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/scoreboard`: the live scoreboard (a placeholder until its issue builds it). */
export function LiveScoreboardPage() {
  return <PagePlaceholder name="Live scoreboard" />;
}

export default LiveScoreboardPage;
