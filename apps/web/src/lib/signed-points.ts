/** Points with their sign, as staff and teams read them: '+5', '−3' (a true minus sign), '0'. */
export function signedPoints(points: number): string {
  if (points > 0) return `+${points}`;
  return points < 0 ? `−${-points}` : '0';
}
