import { z } from './zod';
import { DATE_RANGE_MESSAGE, inDateRange, RANGE_DAY_MESSAGE } from './date-limits';

/** Field rules shared by every form that asks for a person's or place's details. */
export const requiredText = (label: string, max = 120) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

export const PhoneSchema = z
  .string()
  .trim()
  .min(1, 'Phone is required')
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number (digits, spaces, +, - and parentheses)');

export const PASSWORD_MIN = 8;
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(128, 'Password must be at most 128 characters');

export const UuidSchema = z.uuid('Must be a valid id');
export const IdParamsSchema = z.object({ id: UuidSchema });

/** The years a date may fall in, and how a day is written: date-limits.ts (no schema there). */
export { DATE_RANGE_MESSAGE, DATE_YEAR_MAX, DATE_YEAR_MIN } from './date-limits';

/**
 * A calendar day, YYYY-MM-DD, within the years above. `message` says how to write one (the
 * example suits the field: an expiry lies ahead); a day not written so is told only that.
 */
export const isoDay = (message: string) => z.iso.date({ error: message, abort: true }).refine(inDateRange, DATE_RANGE_MESSAGE);
/** A day of a range asked about (reports, lists, audit). */
export const IsoDaySchema = isoDay(RANGE_DAY_MESSAGE);
/** An expiry date: the example lies ahead. */
export const ExpiryDaySchema = isoDay('Use a date like 2027-01-31');

/** An instant with its offset (2026-01-31T09:30:00Z), within the years above. */
export const IsoDateTimeSchema = z.iso.datetime({ offset: true, abort: true }).refine(inDateRange, DATE_RANGE_MESSAGE);
