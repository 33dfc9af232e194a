import { utcDayMmDdYyyy } from '@clinic/domain';
import type { NewEmail } from '../mail/mail.writes';
import type { ExpiringLot, ItemAtRisk } from './reorder-digest.repo';

/** What a location's digest tells; the same for every admin of the location who asked for it. */
export interface DigestFacts {
  items: ItemAtRisk[];
  lots: ExpiringLot[];
  expiryWindowDays: number;
  suggested: { lines: number; value: number };
}

export interface DigestEmailInput {
  to: string;
  locationName: string;
  frequency: 'daily' | 'weekly';
  /** ISO day the digest is for. */
  today: string;
  facts: DigestFacts;
  /** The web app's address (PUBLIC_URL), without a trailing slash. */
  appUrl: string;
  /** The subscription's off link token. */
  token: string;
}

/** Lines listed per section; the rest are counted, and the app lists them all. */
export const DIGEST_LIST_LIMIT = 15;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const units = (n: number) => plural(n, 'unit', 'units');
const money = (value: number) => value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** A digest with nothing at risk, nothing expiring and no suggested order waiting is not sent. */
export const hasNews = (facts: DigestFacts) => facts.items.length > 0 || facts.lots.length > 0 || facts.suggested.lines > 0;

function itemLine(item: ItemAtRisk): string {
  const left = item.unitsLeft <= 0 ? 'out of stock' : `${units(item.unitsLeft)} left`;
  const facts: string[] = [];
  if (item.dailyUse !== null && item.unitsLeft > 0) {
    const days = item.unitsLeft / item.dailyUse;
    facts.push(days >= 365 ? 'over a year of cover' : `${plural(Math.round(days * 10) / 10, 'day', 'days')} of cover`);
  }
  if (item.runsOut && item.leadTimeDays !== null) facts.push(`runs out before a delivery ordered today would arrive (lead time ${plural(Math.round(item.leadTimeDays * 10) / 10, 'day', 'days')})`);
  if (item.lowStock) facts.push(`below the minimum of ${units(item.minimumStock)}`);
  return `- ${item.productName}: ${left}${facts.length > 0 ? `, ${facts.join(', ')}` : ''}`;
}

const lotLine = (lot: ExpiringLot) => `- ${lot.productName}, lot ${lot.lotNumber || '(no number)'}: expires ${utcDayMmDdYyyy(lot.expiryDate)}, ${units(lot.unitsLeft)} left`;

function listed<T>(all: T[], line: (row: T) => string, more: string): string[] {
  const shown = all.slice(0, DIGEST_LIST_LIMIT).map(line);
  return all.length > DIGEST_LIST_LIMIT ? [...shown, `- and ${plural(all.length - DIGEST_LIST_LIMIT, 'more', 'more')}: ${more}`] : shown;
}

/** The subject counts what the body lists, and names only what there is. */
export function digestSubject(locationName: string, facts: DigestFacts): string {
  const parts = [
    facts.items.length > 0 ? `${plural(facts.items.length, 'item', 'items')} at risk` : null,
    facts.lots.length > 0 ? `${plural(facts.lots.length, 'lot', 'lots')} expiring` : null,
    facts.suggested.lines > 0 ? `${plural(facts.suggested.lines, 'product', 'products')} in the suggested order` : null,
  ].filter((p): p is string => p !== null);
  return `${locationName}: ${parts.join(', ')}`;
}

/**
 * The reorder digest (issue 35), plain text: items at risk with their cover, lots expiring with
 * their dates (MM-DD-YYYY, as the app shows them), the suggested order waiting with a link to it,
 * and the link that turns the digest off.
 */
export function reorderDigestEmail(input: DigestEmailInput): NewEmail {
  const { facts, appUrl } = input;
  const sections: string[] = [];
  if (facts.items.length > 0) {
    sections.push([`Items at risk (${String(facts.items.length)}):`, ...listed(facts.items, itemLine, `${appUrl}/alerts`)].join('\n'));
  }
  if (facts.lots.length > 0) {
    sections.push([`Lots expiring within ${plural(facts.expiryWindowDays, 'day', 'days')} (${String(facts.lots.length)}):`, ...listed(facts.lots, lotLine, `${appUrl}/alerts`)].join('\n'));
  }
  if (facts.suggested.lines > 0) {
    const value = facts.suggested.value > 0 ? `, ${money(facts.suggested.value)} in total` : '';
    sections.push(`Suggested order waiting for review: ${plural(facts.suggested.lines, 'product', 'products')}${value}.\nReview and order: ${appUrl}/reorder/suggestions`);
  }
  const cadence = input.frequency === 'daily' ? 'daily' : 'weekly';
  return {
    to: input.to,
    subject: digestSubject(input.locationName, facts),
    text: [
      `Your ${cadence} reorder digest for ${input.locationName}, ${utcDayMmDdYyyy(input.today)}.`,
      ...sections,
      `You get this e-mail because you turned on the reorder digest for ${input.locationName}. Change it in Reorder settings, or turn it off:\n${appUrl}/api/reorder/digest/off?token=${input.token}`,
    ].join('\n\n'),
  };
}
