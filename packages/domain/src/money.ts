/** Converts a euro amount to integer cents, rounding half away from zero at two decimals. */
export function euroToCents(value: number | string): number {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Importo non valido: ${value}`);
    // String() gives the shortest round-trip form (0.1 + 0.2 → "0.30000000000000004");
    // toFixed only for tiny or huge values that String() writes with an exponent.
    text = String(value);
    if (/e/i.test(text)) text = value.toFixed(20);
  } else {
    text = value.trim();
  }
  const match = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(text);
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    throw new RangeError(`Importo non valido: ${String(value)}`);
  }
  // Decimal-string rounding: look at the third decimal digit only, never at a binary float.
  const digits = fraction.padEnd(3, '0');
  const magnitude =
    Number(whole || '0') * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(magnitude))
    throw new RangeError(`Importo non valido: ${String(value)}`);
  return match[1] === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

/** Formats integer cents as a euro amount with two decimals and a dot, without the currency sign. */
export function formatEuroAmount(cents: number): string {
  // Fractional cents are rounded half away from zero first.
  const abs = Math.round(Math.abs(cents));
  const sign = cents < 0 && abs !== 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
