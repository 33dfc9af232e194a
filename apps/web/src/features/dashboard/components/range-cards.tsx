import Box from '@mui/material/Box';
import type { DashboardCards } from '@clinic/domain';
import { formatDollars } from '../../../lib/format';
import { FigureCard } from './figure-card';

/** The six dashboard figures, in the order the spec lists them; the last two are about now, not the range. */
export const CARD_FIGURES: { key: keyof DashboardCards; title: string; money: boolean; now?: boolean }[] = [
  { key: 'spend', title: 'Spend', money: true },
  { key: 'usage_cost', title: 'Usage cost', money: true },
  { key: 'treatments_performed', title: 'Treatments performed', money: false },
  { key: 'patients_seen', title: 'Patients seen', money: false },
  { key: 'stock_value', title: 'Stock value on hand', money: true, now: true },
  { key: 'items_below_minimum', title: 'Items below minimum', money: false, now: true },
];

export const cardValue = (cards: DashboardCards, figure: (typeof CARD_FIGURES)[number]) =>
  figure.money ? formatDollars(cards[figure.key]) : cards[figure.key].toLocaleString('en-US');

export function RangeCards({ cards }: { cards: DashboardCards | undefined }) {
  return (
    <Box
      component="section"
      aria-label="Figures"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}
    >
      {CARD_FIGURES.map((figure) => (
        <FigureCard key={figure.key} title={figure.title} value={cards ? cardValue(cards, figure) : undefined} note={figure.now ? 'As of today' : undefined} />
      ))}
    </Box>
  );
}
