import { formatEuroAmount } from './money';

/** Groups the digits of a whole number by thousands with dots, the Italian way ('1.234'). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** A two-decimal amount written with a dot ('-1234.50') rewritten as '-1.234,50'. */
function italianDecimal(dotted: string): string {
  const sign = dotted.startsWith('-') ? '-' : '';
  const [whole = '0', fraction = '00'] = dotted.slice(sign.length).split('.');
  return `${sign}${groupThousands(whole)},${fraction}`;
}

/**
 * Integer cents as the players and admins read a price, in every language of the UI:
 * '€ 9,90', '€ 1.234,50' (decimal comma, dots between thousands, two decimals).
 */
export function formatEuroCents(cents: number): string {
  return `€ ${italianDecimal(formatEuroAmount(cents))}`;
}

/**
 * A distance in kilometres as shown on route pages, in every language of the UI: '2,20 km'
 * (two decimals, rounded half away from zero, decimal comma, dots between thousands).
 */
export function formatDistanceKm(km: number): string {
  if (!Number.isFinite(km)) throw new RangeError(`Distanza non valida: ${km}`);
  // Hundredths of a kilometre are rounded like cents, so the same writing applies.
  const hundredths = Math.sign(km) * Math.round(Math.abs(km) * 100);
  return `${italianDecimal(formatEuroAmount(hundredths))} km`;
}
