/** The units of `formatFileSize`, each 1024 times the one before (doc 2 §9: Bytes/KB/MB/GB). */
const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

const BYTES_PER_UNIT = 1024;

/**
 * A file size for people: `0 Bytes`, `512 Bytes`, `1.5 KB`, `2 MB` (the largest unit that keeps
 * the number at 1 or more, GB at most; up to two decimals, written the `locale`'s way).
 */
export function formatFileSize(sizeBytes: number, locale = 'en'): string {
  let value = Math.max(0, sizeBytes);
  let unit = 0;
  // Compared as shown (two decimals), so 1048575 bytes read `1 MB`, never `1024 KB`.
  while (Math.round(value * 100) / 100 >= BYTES_PER_UNIT && unit < SIZE_UNITS.length - 1) {
    value /= BYTES_PER_UNIT;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, {
    maximumFractionDigits: unit === 0 ? 0 : 2,
    useGrouping: false,
  });
  return `${number.format(value)} ${SIZE_UNITS[unit]}`;
}
