import type { AccessType, RouteForm, RouteSummary } from '@tappa/contracts';
import { TIME_LIMIT_HOURS_MAX, TIME_LIMIT_MINUTES_MAX } from '@tappa/contracts';
import {
  HINT_BUDGET_MAX,
  instantOfWallClock,
  localDateTime,
  normalizeSlug,
  parseTimeLimitPart,
} from '@tappa/domain';

/** Whether the form creates a route (slug optional) or edits one (title and slug required). */
export type RouteFormMode = 'create' | 'edit';

/** The route form as typed: text inputs hold strings, date-times are `datetime-local` values. */
export interface RouteFormValues {
  title: string;
  slug: string;
  description: string;
  access_type: AccessType;
  route_type: RouteForm['route_type'];
  geolocation_enabled: boolean;
  time_limit_enabled: boolean;
  time_limit_hours: string;
  time_limit_minutes: string;
  date_start: string;
  date_end: string;
  /** Blank: no cap on what hints may cost a team (decision 0085). */
  hint_budget: string;
  /** The event's one start and end for every team (decision 0085); blank: none. */
  event_start: string;
  event_end: string;
  /** Teams are asked to share their position, for this purpose (decision 0086). */
  location_sharing: boolean;
  location_purpose: string;
}

/** Doc 2 §9 defaults: progressive, free, geolocation on; no time limit, no dates. */
export const EMPTY_ROUTE_FORM: RouteFormValues = {
  title: '',
  slug: '',
  description: '',
  access_type: 'free',
  route_type: 'progressive',
  geolocation_enabled: true,
  time_limit_enabled: false,
  time_limit_hours: '0',
  time_limit_minutes: '0',
  date_start: '',
  date_end: '',
  hint_budget: '',
  event_start: '',
  event_end: '',
  location_sharing: false,
  location_purpose: '',
};

/** A field the form checks, with the catalogue key of its problem. */
export type RouteFormErrors = Partial<Record<'title' | 'slug', 'required' | 'slugEmpty'>> & {
  hint_budget?: 'hintBudget';
  event_end?: 'eventOrder';
};

/** An ISO date-time as a `datetime-local` value on the tenant's clock ('' for null). */
export function isoToLocalInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const { date: day, time } = localDateTime(date, timeZone);
  return `${day}T${time.slice(0, 5)}`;
}

/** A `datetime-local` value, read on the tenant's clock, as an ISO instant (UTC). */
export function localInputToIso(value: string, timeZone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)/.exec(value.trim());
  if (!match?.[1] || !match[2]) return null;
  const instant = instantOfWallClock(match[1], match[2], timeZone);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** The edit form's starting values: the route as listed, its dates on the tenant's clock. */
export function valuesFromRoute(route: RouteSummary, timeZone: string): RouteFormValues {
  return {
    title: route.title,
    slug: route.slug,
    description: route.description ?? '',
    access_type: route.access_type,
    route_type: route.route_type,
    geolocation_enabled: route.geolocation_enabled,
    time_limit_enabled: route.time_limit_enabled,
    time_limit_hours: String(route.time_limit_hours),
    time_limit_minutes: String(route.time_limit_minutes),
    date_start: isoToLocalInput(route.date_start, timeZone),
    date_end: isoToLocalInput(route.date_end, timeZone),
    hint_budget: route.hint_budget === null ? '' : String(route.hint_budget),
    event_start: isoToLocalInput(route.event_start, timeZone),
    event_end: isoToLocalInput(route.event_end, timeZone),
    location_sharing: route.location_sharing,
    location_purpose: route.location_purpose ?? '',
  };
}

/** The slug the route will get: the typed slug normalised, else the title's (create only). */
export function previewRouteSlug(values: RouteFormValues): string {
  return normalizeSlug(values.slug || values.title);
}

/**
 * Problems of the form: title required; slug required when editing and never empty once
 * normalised; the hint budget a whole number; the event's end after its start.
 */
export function validateRouteForm(
  values: RouteFormValues,
  mode: RouteFormMode,
  timeZone: string,
): RouteFormErrors {
  const errors: RouteFormErrors = {};
  if (values.title.trim() === '') errors.title = 'required';
  if (mode === 'edit' && values.slug.trim() === '') errors.slug = 'required';
  else if (values.slug.trim() !== '' && normalizeSlug(values.slug) === '')
    errors.slug = 'slugEmpty';
  else if (!errors.title && previewRouteSlug(values) === '') errors.slug = 'slugEmpty';
  if (hintBudgetOf(values) === undefined) errors.hint_budget = 'hintBudget';
  if (!isEventOrdered(values, timeZone)) errors.event_end = 'eventOrder';
  return errors;
}

/** Whether the event ends after it starts, when both are set (else `event_times_invalid`). */
function isEventOrdered(values: RouteFormValues, timeZone: string): boolean {
  const start = localInputToIso(values.event_start, timeZone);
  const end = localInputToIso(values.event_end, timeZone);
  return start === null || end === null || Date.parse(end) > Date.parse(start);
}

/** The typed hint budget: null when blank, undefined when not a whole number 0…HINT_BUDGET_MAX. */
function hintBudgetOf(values: RouteFormValues): number | null | undefined {
  const typed = values.hint_budget.trim();
  if (typed === '') return null;
  const n = Number(typed);
  return Number.isInteger(n) && n >= 0 && n <= HINT_BUDGET_MAX ? n : undefined;
}

/** The body of `POST`/`PUT …/routes`: blank slug and description null, hours/minutes clamped. */
export function toRouteForm(values: RouteFormValues, timeZone: string): RouteForm {
  const slug = values.slug.trim();
  const description = values.description.trim();
  return {
    title: values.title.trim(),
    slug: slug === '' ? null : normalizeSlug(slug),
    description: description === '' ? null : description,
    access_type: values.access_type,
    route_type: values.route_type,
    geolocation_enabled: values.geolocation_enabled,
    time_limit_enabled: values.time_limit_enabled,
    // Doc 2 §5: non-numeric becomes 0; out-of-range values are clamped to 0–999 and 0–59.
    time_limit_hours: parseTimeLimitPart(values.time_limit_hours, TIME_LIMIT_HOURS_MAX),
    time_limit_minutes: parseTimeLimitPart(values.time_limit_minutes, TIME_LIMIT_MINUTES_MAX),
    date_start: localInputToIso(values.date_start, timeZone),
    date_end: localInputToIso(values.date_end, timeZone),
    hint_budget: hintBudgetOf(values) ?? null,
    event_start: localInputToIso(values.event_start, timeZone),
    event_end: localInputToIso(values.event_end, timeZone),
    location_sharing: values.location_sharing,
    location_purpose: values.location_purpose.trim() === '' ? null : values.location_purpose.trim(),
  };
}
