import dayjs from 'dayjs';
import { clockAt, locationDay } from './location-time';

/** A calendar day (YYYY-MM-DD) as it is; an instant as the day it was at the location. */
const isCalendarDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  if (!date.isValid()) return '—';
  return isCalendarDay(value) ? date.format('MM-DD-YYYY') : clockAt(date.toDate()).date;
}

/** A calendar month (YYYY-MM) by name: "November 2026". */
export function formatMonth(month: string): string {
  const date = dayjs(`${month}-01`);
  return date.isValid() ? date.format('MMMM YYYY') : '—';
}

/** Whole months from one to another by name: "September–November 2026", "November 2026–January 2027", or one month. */
export function formatMonths(first: string, last: string): string {
  if (first === last) return formatMonth(first);
  const from = dayjs(`${first}-01`);
  const to = dayjs(`${last}-01`);
  if (!from.isValid() || !to.isValid()) return '—';
  return from.year() === to.year() ? `${from.format('MMMM')}–${to.format('MMMM YYYY')}` : `${from.format('MMMM YYYY')}–${to.format('MMMM YYYY')}`;
}

/** An instant on the location's clock (lib/location-time.ts). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  if (!date.isValid()) return '—';
  const { date: day, time } = clockAt(date.toDate());
  return `${day} ${time}`;
}

/** Amounts travel as decimal strings ("150.99"); shown in dollars with two decimals. */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const [whole = '0', fraction = ''] = value.split('.');
  return `$${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/**
 * One formatter per number of decimals: toLocaleString with options builds a new one on every call,
 * which the dashboard's year of figures paid thousands of times (about 40 ms a load).
 */
const dollarFormats = new Map<number, Intl.NumberFormat>();
function dollarFormat(decimals: number): Intl.NumberFormat {
  let format = dollarFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    dollarFormats.set(decimals, format);
  }
  return format;
}

/** Dollars with two decimals (money shown to people), or five for unit prices (spec section 5). */
export function formatDollars(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `$${dollarFormat(decimals).format(value)}`;
}

const countFormat = new Intl.NumberFormat('en-US');

/**
 * Today as an ISO date on the location's calendar (UTC without a zone), the day the server judges
 * expiry by, so the form refuses exactly the expiry dates the server refuses.
 */
export function todayIso(now: Date = new Date()): string {
  return locationDay(now);
}

/** A list's total: "1,250", or "3,000+" when the server stopped counting at its cap. */
export function formatTotal(total: number, capped = false): string {
  return `${countFormat.format(total)}${capped ? '+' : ''}`;
}

/** "1 unit", "12 units": counts of units read as people say them. */
export function unitCount(count: number): string {
  return `${String(count)} ${count === 1 ? 'unit' : 'units'}`;
}

/**
 * Days of cover as people say them (issue 35): "3.5 days", "1 day", "Over a year"; a dash without a
 * forecast. The Reorder panel, the Stock Room and the product lists read them alike.
 */
export function coverText(days: number | null): string {
  if (days === null) return '—';
  if (days >= 365) return 'Over a year';
  return `${days.toLocaleString('en-US', { maximumFractionDigits: 1 })} ${days === 1 ? 'day' : 'days'}`;
}
