import { PagePlaceholder } from '../../../components/page-placeholder';

/** `/:tenantSlug/gioco`: the play entry (a placeholder until its issue builds it). */
export function PlayEntryPage() {
  return <PagePlaceholder name="Play" />;
}

export default PlayEntryPage;
