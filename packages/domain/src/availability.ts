/** Whether a route can be played now: available unless now is before its start or after its end. */
export function isRouteAvailable(
  { dateStart, dateEnd }: { dateStart: Date | null; dateEnd: Date | null },
  now: Date,
): boolean {
  const t = now.getTime();
  // Both bounds are inclusive; a missing bound leaves that side open.
  if (dateStart !== null && t < dateStart.getTime()) return false;
  if (dateEnd !== null && t > dateEnd.getTime()) return false;
  return true;
}
