import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubMeasuredWidth } from '../../../test/measured-width';
import { CycleChart } from './cycle-chart';

const CYCLES = [
  { date: '2026-01-10', count: 10, units_per_use: 2, unit_price: 1.2 },
  { date: '2026-03-02', count: 10, units_per_use: 1.5, unit_price: 1.1 },
  { date: '2026-05-20', count: 0, units_per_use: null, unit_price: 1 },
];

beforeEach(() => { stubMeasuredWidth(600); });

describe('the consumption per cycle chart', () => {
  it('draws a bar per cycle, a line of the units per use it has, both axes and a legend', async () => {
    const { container } = render(<CycleChart cycles={CYCLES} />);
    const svg = await screen.findByRole('img', { name: 'Uses per cycle: 01-10-2026 10, 03-02-2026 10, 05-20-2026 0' });
    expect(svg).toHaveAttribute('width', '600');
    expect(svg.querySelectorAll('.visx-bar-rounded')).toHaveLength(3);
    expect(svg.querySelectorAll('.visx-linepath')).toHaveLength(1);
    // The cycle without a figure gets no point; the line joins the other two.
    expect(svg.querySelectorAll('circle')).toHaveLength(2);
    for (const label of ['01-10-2026', '03-02-2026', '05-20-2026', '10', '2.0']) expect(within(svg).getByText(label)).toBeInTheDocument();
    expect(within(container.querySelector('ul')!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Uses in the cycle', 'Units per use']);
  });

  it('shows a cycle\'s figures in a tooltip under the pointer', async () => {
    const { container } = render(<CycleChart cycles={CYCLES} />);
    await screen.findByText('01-10-2026');
    const svg = container.querySelector('svg')!;
    fireEvent.pointerMove(svg, { clientX: 560, clientY: 100 });
    expect(screen.getByText('Uses in the cycle: 0')).toBeInTheDocument();
    expect(screen.getByText('Units per use: —')).toBeInTheDocument();
    fireEvent.pointerMove(svg, { clientX: 40, clientY: 100 });
    expect(screen.getByText('Uses in the cycle: 10')).toBeInTheDocument();
    expect(screen.getByText('Units per use: 2')).toBeInTheDocument();
  });
});
