import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useTheme } from '@mui/material/styles';
import { ChartFrame, LEGEND_HEIGHT, nearest, spacedTicks, useChartPointer, useChartStyle, valueDomain } from '../../../components/charts/chart-frame';
import type { WasteDay } from '../report-columns';
import { axisDay, axisDollars, tooltipDay, tooltipDollars } from './chart-format';

const HEIGHT = 200;
const MARGIN = { top: 8, right: 16, bottom: 28, left: 56 };
const TICK_WIDTH = 52;

/** Waste (expired and damaged, at cost) and supplier credits per day of the range, side by side. */
export function WasteChart({ days }: { days: readonly WasteDay[] }) {
  const theme = useTheme();
  const style = useChartStyle();
  const { parentRef, width } = useParentSize({ debounceTime: 100 });
  const height = HEIGHT - LEGEND_HEIGHT;
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const dates = days.map((d) => d.date);
  const x = scaleBand({ domain: dates, range: [0, innerWidth], paddingInner: 0.1, paddingOuter: 0.05 });
  const series = [
    { key: 'waste', name: 'Waste', color: theme.palette.error.main },
    { key: 'credits', name: 'Credits', color: theme.palette.success.main },
  ] as const;
  const pair = scaleBand({ domain: series.map((s) => s.key), range: [0, x.bandwidth()], paddingInner: 0.1 });
  const y = scaleLinear({ domain: valueDomain(days.flatMap((d) => [d.waste, d.credits])), range: [innerHeight, 0], nice: true });
  const left = (d: WasteDay) => x(d.date) ?? 0;
  const pointer = useChartPointer(days.length, (px) => nearest(days.map((d) => left(d) + x.bandwidth() / 2), px - MARGIN.left));
  const activeDay = pointer.active === null ? undefined : days[pointer.active];

  return (
    <ChartFrame
      height={HEIGHT}
      frameRef={parentRef}
      width={width}
      legend={series.map((s) => ({ name: s.name, color: s.color, shape: 'bar' as const }))}
      tooltip={
        activeDay
          ? {
              title: tooltipDay(activeDay.date),
              rows: series.map((s) => ({ name: s.name, value: tooltipDollars(activeDay[s.key]), color: s.color })),
              x: MARGIN.left + left(activeDay) + x.bandwidth() / 2,
              y: MARGIN.top + y(Math.max(activeDay.waste, activeDay.credits)),
            }
          : null
      }
    >
      <svg width={width} height={height} role="img" aria-label={`Waste and credits per day, ${tooltipDay(dates[0])} to ${tooltipDay(dates.at(-1))}`} {...pointer.svgProps}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <GridRows scale={y} width={innerWidth} numTicks={5} stroke={style.grid} strokeDasharray="3 3" />
          {activeDay ? <rect x={left(activeDay)} width={x.bandwidth()} y={0} height={innerHeight} fill={theme.palette.action.hover} /> : null}
          {days.map((d) =>
            series.map((s) => (
              <Bar key={`${d.date}-${s.key}`} x={left(d) + (pair(s.key) ?? 0)} width={pair.bandwidth()} y={y(d[s.key])} height={innerHeight - y(d[s.key])} fill={s.color} />
            )),
          )}
          <AxisLeft scale={y} numTicks={5} tickFormat={(v) => axisDollars(Number(v))} stroke={style.axis} tickStroke={style.axis} tickLabelProps={style.tickLabel} />
          <AxisBottom top={innerHeight} scale={x} tickValues={spacedTicks(dates, innerWidth, TICK_WIDTH)} tickFormat={axisDay} stroke={style.axis} tickStroke={style.axis} tickLabelProps={style.tickLabel} />
        </Group>
      </svg>
    </ChartFrame>
  );
}
