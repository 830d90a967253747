import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/start`: the player start screen (a placeholder until its issue builds it). */
export function PlayerStartPage() {
  return <PagePlaceholder name="Player start" />;
}

export default PlayerStartPage;
