import { z } from 'zod';

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

export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
