import dayjs from 'dayjs';

export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  return date.isValid() ? date.format('MM-DD-YYYY') : '—';
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = dayjs(value);
  return date.isValid() ? date.format('MM-DD-YYYY h:mm A') : '—';
}

/** Amounts travel as decimal strings ("150.99"); shown in dollars with two decimals. */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const [whole = '0', fraction = ''] = value.split('.');
  return `$${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
