/** A tenant's time zone when it has chosen none (decision 0067). */
export const DEFAULT_TIME_ZONE = 'Europe/Rome';

/**
 * How much of an instant a screen, CSV or e-mail shows, always the Italian way (doc 2 §9):
 * `date` 24/11/2026, `dateTime` 24/11/2026, 21:08, `dateTimeSeconds` 24/11/2026, 21:08:05,
 * `time` 21:08, `timeSeconds` 21:08:05.
 */
export type ClockStyle = 'date' | 'dateTime' | 'dateTimeSeconds' | 'time' | 'timeSeconds';

/** The languages a zone's name is written in. */
export type ClockLanguage = 'it' | 'en';

const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const MINUTE = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const STYLE_OPTIONS: Record<ClockStyle, Intl.DateTimeFormatOptions> = {
  date: DAY,
  dateTime: { ...DAY, ...MINUTE },
  dateTimeSeconds: { ...DAY, ...MINUTE, second: '2-digit' },
  time: MINUTE,
  timeSeconds: { ...MINUTE, second: '2-digit' },
};

/** Formatters are costly to build: one per zone and style, reused. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string, style: ClockStyle): Intl.DateTimeFormat {
  const key = `${timeZone} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('it-IT', { ...STYLE_OPTIONS[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** `instant` on the wall clock of `timeZone`, in the Italian format of `style`. */
export function formatInstant(instant: Date, timeZone: string, style: ClockStyle): string {
  return formatterOf(timeZone, style).format(instant);
}

/** Whether `style` shows a time of day (a date alone is never given a zone's name). */
export function showsTimeOfDay(style: ClockStyle): boolean {
  return style !== 'date';
}

let supported: ReadonlySet<string> | null = null;

/** The IANA zones this runtime knows (`Intl.supportedValuesOf`), sorted. */
export function supportedTimeZones(): readonly string[] {
  return Intl.supportedValuesOf('timeZone');
}

/** Whether `zone` is one of `supportedTimeZones()`: the only zones a tenant may choose. */
export function isSupportedTimeZone(zone: string): boolean {
  supported ??= new Set(supportedTimeZones());
  return supported.has(zone);
}

/** Italian names of the cities whose English and Italian names differ (the zones' last part). */
const ITALIAN_CITIES: Readonly<Record<string, string>> = {
  Athens: 'Atene',
  Belgrade: 'Belgrado',
  Berlin: 'Berlino',
  Brussels: 'Bruxelles',
  Bucharest: 'Bucarest',
  Copenhagen: 'Copenaghen',
  Dublin: 'Dublino',
  Lisbon: 'Lisbona',
  London: 'Londra',
  Mexico_City: 'Città del Messico',
  Moscow: 'Mosca',
  Paris: 'Parigi',
  Prague: 'Praga',
  Rome: 'Roma',
  Stockholm: 'Stoccolma',
  Vatican: 'Città del Vaticano',
  Warsaw: 'Varsavia',
  Zurich: 'Zurigo',
};

/**
 * The zone named for people: '(ora di Roma)' / '(Rome time)' from `Europe/Rome`, after the
 * city of its IANA name; zones without a city (UTC, Etc/GMT+1) keep their id.
 */
export function timeZoneLabel(timeZone: string, language: ClockLanguage): string {
  const parts = timeZone.split('/');
  const last = parts.at(-1) ?? timeZone;
  if (parts.length < 2 || parts[0] === 'Etc') return timeZone;
  if (language === 'it') return `ora di ${ITALIAN_CITIES[last] ?? last.replaceAll('_', ' ')}`;
  return `${last.replaceAll('_', ' ')} time`;
}

/** What `formatInstantNamed` needs besides the instant. */
export interface NamedClockOptions {
  timeZone: string;
  style: ClockStyle;
  language: ClockLanguage;
  /** Name the zone after the time ('21:08 (ora di Roma)'); ignored for a date alone. */
  isZoneNamed: boolean;
}

/** `formatInstant`, followed by the zone's name in brackets when asked and a time is shown. */
export function formatInstantNamed(instant: Date, options: NamedClockOptions): string {
  const text = formatInstant(instant, options.timeZone, options.style);
  if (!options.isZoneNamed || !showsTimeOfDay(options.style)) return text;
  return `${text} (${timeZoneLabel(options.timeZone, options.language)})`;
}
