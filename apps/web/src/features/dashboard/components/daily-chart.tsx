import type { ReactNode } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridColumns, GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import type { PickD3Scale } from '@visx/scale';
import { ChartFrame, spacedTicks, useChartStyle, type ChartMargin, type LegendItem, type useChartPointer, type useChartSize } from '../../../components/charts/chart-frame';
import { axisDay, axisDollars, tooltipDay, tooltipDollars } from './chart-format';

/** Room for the dollar axis on the left and the day axis underneath. */
export const DAILY_MARGIN: ChartMargin = { top: 8, right: 16, bottom: 28, left: 56 };
/** A tick label (11-05) and its gap to the next. */
const TICK_WIDTH = 52;

export interface DailySeries<K extends string> {
  key: K;
  name: string;
  color: string;
}

interface DailyChartProps<K extends string, D extends { date: string } & Record<K, number>> {
  frameHeight: number;
  size: ReturnType<typeof useChartSize>;
  days: readonly D[];
  series: readonly DailySeries<K>[];
  shape: LegendItem['shape'];
  /** What is drawn per day, the start of the chart's accessible name: "Waste and credits". */
  label: string;
  x: PickD3Scale<'band' | 'point', number, string>;
  y: PickD3Scale<'linear', number>;
  /** Where a day stands on the x axis, and its tooltip beside it. */
  centreOf: (day: D) => number;
  pointer: ReturnType<typeof useChartPointer>;
  /** Vertical grid lines at the day ticks too (the line chart's). */
  gridColumns?: boolean;
  /** The marks, drawn over the grid and under the axes. */
  children: ReactNode;
}

/**
 * A chart of dollars per day (the dashboard's expense and waste charts): frame, legend, a tooltip
 * with each series' amount on the active day, dashed grid, a dollar axis and a day axis whose
 * labels keep their gap. The chart draws its own marks.
 */
export function DailyChart<K extends string, D extends { date: string } & Record<K, number>>({ frameHeight, size, days, series, shape, label, x, y, centreOf, pointer, gridColumns = false, children }: DailyChartProps<K, D>) {
  const style = useChartStyle();
  const dates = days.map((d) => d.date);
  const dayTicks = spacedTicks(dates, size.innerWidth, TICK_WIDTH);
  const active = pointer.active === null ? undefined : days[pointer.active];
  return (
    <ChartFrame
      height={frameHeight}
      frameRef={size.frameRef}
      width={size.width}
      legend={series.map((s) => ({ name: s.name, color: s.color, shape }))}
      tooltip={
        active
          ? {
              title: tooltipDay(active.date),
              rows: series.map((s) => ({ name: s.name, value: tooltipDollars(active[s.key]), color: s.color })),
              x: DAILY_MARGIN.left + centreOf(active),
              y: DAILY_MARGIN.top + y(Math.max(...series.map((s) => active[s.key]))),
            }
          : null
      }
    >
      <svg width={size.width} height={size.height} role="img" aria-label={`${label} per day, ${tooltipDay(dates[0])} to ${tooltipDay(dates.at(-1))}`} {...pointer.svgProps}>
        <Group left={DAILY_MARGIN.left} top={DAILY_MARGIN.top}>
          <GridRows scale={y} width={size.innerWidth} numTicks={5} stroke={style.grid} strokeDasharray="3 3" />
          {gridColumns ? <GridColumns scale={x} height={size.innerHeight} tickValues={dayTicks} stroke={style.grid} strokeDasharray="3 3" /> : null}
          {children}
          <AxisLeft scale={y} numTicks={5} tickFormat={(v) => axisDollars(Number(v))} {...style.axis} />
          <AxisBottom top={size.innerHeight} scale={x} tickValues={dayTicks} tickFormat={axisDay} {...style.axis} />
        </Group>
      </svg>
    </ChartFrame>
  );
}
