import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMeasuredWidth } from '../../../test/measured-width';
import { axisDollars } from './chart-format';
import { ExpenseLineChart } from './expense-line-chart';
import { RankedBarChart } from './ranked-bar-chart';
import { WasteChart } from './waste-chart';

const ZERO = { expired: 0, damaged: 0, recalled: 0, other: 0, waste: 0, returned: 0, credits: 0 };
const WIDTH = 600;

beforeEach(() => { stubMeasuredWidth(WIDTH); });

describe('the expense by day chart', () => {
  const days = [
    { date: '2026-11-03', spend: 1234.5, usage_cost: 80.25 },
    { date: '2026-11-04', spend: 0, usage_cost: 12 },
    { date: '2026-11-05', spend: 300, usage_cost: 0 },
  ];

  it('draws a line per series with a dot per day, day and dollar axes, and a legend', async () => {
    const { container } = render(<ExpenseLineChart days={days} />);
    const chart = await screen.findByRole('img', { name: 'Spend and usage cost per day, 11-03-2026 to 11-05-2026' });
    expect(chart).toHaveAttribute('width', String(WIDTH));
    expect(chart.querySelectorAll('.visx-linepath')).toHaveLength(2);
    expect(chart.querySelectorAll('circle')).toHaveLength(6);
    for (const tick of ['11-03', '11-04', '11-05', axisDollars(0), axisDollars(1000)]) expect(within(chart).getByText(tick)).toBeInTheDocument();
    expect(within(container.querySelector('ul')!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Spend', 'Usage cost']);
  });

  it('shows the day under the pointer in a tooltip, and steps through the days from the keyboard', async () => {
    render(<ExpenseLineChart days={days} />);
    const chart = await screen.findByRole('img', { name: /^Spend and usage cost per day/ });
    // The days sit at 0, 264 and 528 px inside the 56 px of the dollar axis.
    fireEvent.pointerMove(chart, { clientX: 56 + 264, clientY: 100 });
    expect(screen.getByText('11-04-2026')).toBeInTheDocument();
    expect(screen.getByText('Spend: $0.00')).toBeInTheDocument();
    expect(screen.getByText('Usage cost: $12.00')).toBeInTheDocument();
    fireEvent.pointerLeave(chart);
    expect(screen.queryByText('11-04-2026')).not.toBeInTheDocument();

    await userEvent.tab();
    expect(chart).toHaveFocus();
    expect(screen.getByText('Spend: $1,234.50')).toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(screen.getByText('11-05-2026')).toBeInTheDocument();
    expect(screen.getByText('Spend: $300.00')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('11-05-2026')).not.toBeInTheDocument();
  });

  it('writes each tick label as one text, placed as visx places it, without measuring any text', async () => {
    // @visx/text's Text measured each label through getComputedTextLength: a forced layout each.
    const measure = vi.fn(() => 40);
    Object.defineProperty(SVGElement.prototype, 'getComputedTextLength', { value: measure, configurable: true });
    try {
      render(<ExpenseLineChart days={days} />);
      const chart = await screen.findByRole('img', { name: /^Spend and usage cost per day/ });
      const day = within(chart).getByText('11-04');
      expect(day.tagName).toBe('text');
      expect(day.closest('svg')).toBe(chart);
      expect(day).toHaveAttribute('text-anchor', 'middle');
      expect(day).toHaveAttribute('dy', '0.25em');
      expect(day).toHaveAttribute('font-size', '12');
      const dollars = within(chart).getByText(axisDollars(1000));
      expect(dollars).toHaveAttribute('text-anchor', 'end');
      expect(dollars).toHaveAttribute('dx', '-0.25em');
      expect(measure).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(SVGElement.prototype, 'getComputedTextLength');
    }
  });

  it('leaves the dots out of a year of days', async () => {
    const year = Array.from({ length: 365 }, (_v, i) => ({ date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10), spend: i, usage_cost: 1 }));
    render(<ExpenseLineChart days={year} />);
    const chart = await screen.findByRole('img', { name: /^Spend and usage cost per day/ });
    expect(chart.querySelectorAll('.visx-linepath')).toHaveLength(2);
    expect(chart.querySelectorAll('circle')).toHaveLength(0);
    // Labels that fit the width, not 365 on top of each other.
    expect(within(chart).getByText('01-01')).toBeInTheDocument();
    expect(within(chart).queryAllByText(/^\d\d-\d\d$/).length).toBeLessThan(12);
  });
});

describe('the waste chart', () => {
  it('draws waste and credits side by side for each day, and a tooltip with both', async () => {
    const days = [
      { date: '2026-11-03', ...ZERO, waste: 22 },
      { date: '2026-11-04', ...ZERO, credits: 35.5 },
    ];
    const { container } = render(<WasteChart days={days} />);
    const chart = await screen.findByRole('img', { name: 'Waste and credits per day, 11-03-2026 to 11-04-2026' });
    expect(chart.querySelectorAll('.visx-bar')).toHaveLength(4);
    expect(within(chart).getByText('11-03')).toBeInTheDocument();
    expect(within(container.querySelector('ul')!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Waste', 'Credits']);

    fireEvent.pointerMove(chart, { clientX: WIDTH - 40, clientY: 50 });
    expect(screen.getByText('11-04-2026')).toBeInTheDocument();
    expect(screen.getByText('Waste: $0.00')).toBeInTheDocument();
    expect(screen.getByText('Credits: $35.50')).toBeInTheDocument();
  });
});

describe('the ranked bar chart', () => {
  const long = `Full mouth restoration with ${'very '.repeat(20)}long notes`;
  const bars = [
    { key: 'a', name: 'Manual use (outside visits)', value: 1250.4 },
    { key: 'b', name: long, value: 80 },
  ];

  it('names each bar above it and writes its amount at its end', async () => {
    render(<RankedBarChart bars={bars} seriesName="Cost" money />);
    const chart = await screen.findByRole('img', { name: `Cost: Manual use (outside visits) $1,250.40, ${long} $80.00` });
    expect(chart.querySelectorAll('.visx-bar-rounded')).toHaveLength(2);
    expect(within(chart).getByText('Manual use (outside visits)')).toBeInTheDocument();
    expect(within(chart).getByText('$1,250.40')).toBeInTheDocument();
    expect(within(chart).getByText('$80.00')).toBeInTheDocument();
    // A long name is cut on the chart; the tooltip has it in full.
    expect(within(chart).getByText(`${long.slice(0, 71)}…`)).toBeInTheDocument();
    const svgTop = 16;
    fireEvent.pointerMove(chart, { clientX: 100, clientY: svgTop + 150 });
    expect(screen.getByText(long)).toBeInTheDocument();
    expect(screen.getByText('Cost: $80.00')).toBeInTheDocument();
  });

  it('writes counts without a dollar sign', async () => {
    render(<RankedBarChart bars={[{ key: 'p', name: 'Gloves', value: 1234 }]} seriesName="Units used" money={false} />);
    const chart = await screen.findByRole('img', { name: 'Units used: Gloves 1,234' });
    expect(within(chart).getByText('1,234')).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText('Units used: 1,234')).toBeInTheDocument();
  });
});
