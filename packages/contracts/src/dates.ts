import { isStorableDate } from '@tappa/domain';
import { z } from 'zod';

/** A calendar date (`2026-06-01`) the database can hold. */
export const CalendarDateSchema = z.iso.date().refine(isStorableDate, 'Date out of range');

/** An instant with its offset (`2026-06-01T08:00:00+02:00`) the database can hold. */
export const InstantSchema = z.iso
  .datetime({ offset: true })
  .refine(isStorableDate, 'Date out of range');

/** A time of day, `00:00` to `23:59`. */
export const ClockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
