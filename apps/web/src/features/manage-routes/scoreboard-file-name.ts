/** `YYYY-MM-DD` of a moment in the browser's time zone. */
export function localDateStamp(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Doc 2 §7: `{tenant slug}-{route slug}-scoreboard-YYYY-MM-DD.csv`, dated today (local). */
export function scoreboardFileName(tenantSlug: string, routeSlug: string, now: Date): string {
  return `${tenantSlug}-${routeSlug}-scoreboard-${localDateStamp(now)}.csv`;
}
