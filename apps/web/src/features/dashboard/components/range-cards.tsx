import Box from '@mui/material/Box';
import type { DashboardCards } from '@clinic/domain';
import { formatDollars } from '../../../lib/format';
import { FigureCard } from './figure-card';

/** The six dashboard figures, in the order the spec lists them; the last two are about now, not the range. */
export const CARD_FIGURES: { key: Exclude<keyof DashboardCards, 'marketplace_saved'>; title: string; money: boolean; now?: boolean }[] = [
  { key: 'spend', title: 'Spend', money: true },
  { key: 'usage_cost', title: 'Usage cost', money: true },
  { key: 'treatments_performed', title: 'Treatments performed', money: false },
  { key: 'patients_seen', title: 'Patients seen', money: false },
  { key: 'stock_value', title: 'Stock value on hand', money: true, now: true },
  { key: 'items_below_minimum', title: 'Items below minimum', money: false, now: true },
];

export const cardValue = (cards: DashboardCards, figure: (typeof CARD_FIGURES)[number]) =>
  figure.money ? formatDollars(cards[figure.key]) : cards[figure.key].toLocaleString('en-US');

/** Figures about now say so; spend says what the marketplace saved in the range, when it saved anything. */
function noteOf(cards: DashboardCards | undefined, figure: (typeof CARD_FIGURES)[number]): string | undefined {
  if (figure.now) return 'As of today';
  if (figure.key === 'spend' && cards && cards.marketplace_saved > 0) return `${formatDollars(cards.marketplace_saved)} saved on marketplace orders against the highest quoted price`;
  return undefined;
}

export function RangeCards({ cards }: { cards: DashboardCards | undefined }) {
  return (
    <Box
      component="section"
      aria-label="Figures"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {CARD_FIGURES.map((figure) => (
        <FigureCard key={figure.key} title={figure.title} value={cards ? cardValue(cards, figure) : undefined} note={noteOf(cards, figure)} />
      ))}
    </Box>
  );
}
