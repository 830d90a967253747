import type { PlayableRoute } from '@tappa/contracts';
import { formatEuroCents } from '@tappa/domain';
import { useTranslation } from '../../lib/i18n';

/** The access badge of a route card: 'Gratuito', 'Con codice' or the price ('€ 12,50'). */
export function RouteBadge({
  route,
}: {
  route: Pick<PlayableRoute, 'access_type' | 'price_cents'>;
}) {
  const { t } = useTranslation();
  let label: string;
  switch (route.access_type) {
    case 'free':
      label = t('player.free');
      break;
    case 'code':
      label = t('player.withCode');
      break;
    case 'paid':
      label =
        route.price_cents === null ? t('player.payment.title') : formatEuroCents(route.price_cents);
      break;
  }
  return <span className={`route-badge route-badge--${route.access_type}`}>{label}</span>;
}
