import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridColumns, GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useTheme } from '@mui/material/styles';
import { ChartFrame, LEGEND_HEIGHT, nearest, spacedTicks, useChartPointer, useChartStyle, valueDomain } from '../../../components/charts/chart-frame';
import type { ExpenseDay } from '../report-columns';
import { axisDay, axisDollars, tooltipDay, tooltipDollars } from './chart-format';

const HEIGHT = 280;
const MARGIN = { top: 8, right: 16, bottom: 28, left: 56 };
/** A tick label (11-05) and its gap to the next. */
const TICK_WIDTH = 52;

/** Spend and usage cost per day of the range; dots only while a month or less is shown, a year of them is noise. */
export function ExpenseLineChart({ days }: { days: readonly ExpenseDay[] }) {
  const theme = useTheme();
  const style = useChartStyle();
  const { parentRef, width } = useParentSize({ debounceTime: 100 });
  const height = HEIGHT - LEGEND_HEIGHT;
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const dates = days.map((d) => d.date);
  const x = scalePoint({ domain: dates, range: [0, innerWidth] });
  const y = scaleLinear({ domain: valueDomain(days.flatMap((d) => [d.spend, d.usage_cost])), range: [innerHeight, 0], nice: true });
  const xOf = (d: ExpenseDay) => x(d.date) ?? 0;
  const series = [
    { key: 'spend', name: 'Spend', color: theme.palette.primary.main },
    { key: 'usage_cost', name: 'Usage cost', color: theme.palette.warning.main },
  ] as const;
  const pointer = useChartPointer(days.length, (px) => nearest(days.map(xOf), px - MARGIN.left));
  const activeDay = pointer.active === null ? undefined : days[pointer.active];
  const dot = days.length <= 31;

  return (
    <ChartFrame
      height={HEIGHT}
      frameRef={parentRef}
      width={width}
      legend={series.map((s) => ({ name: s.name, color: s.color, shape: 'line' as const }))}
      tooltip={
        activeDay
          ? {
              title: tooltipDay(activeDay.date),
              rows: series.map((s) => ({ name: s.name, value: tooltipDollars(activeDay[s.key]), color: s.color })),
              x: MARGIN.left + xOf(activeDay),
              y: MARGIN.top + y(Math.max(activeDay.spend, activeDay.usage_cost)),
            }
          : null
      }
    >
      <svg width={width} height={height} role="img" aria-label={`Spend and usage cost per day, ${tooltipDay(dates[0])} to ${tooltipDay(dates.at(-1))}`} {...pointer.svgProps}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <GridRows scale={y} width={innerWidth} numTicks={5} stroke={style.grid} strokeDasharray="3 3" />
          <GridColumns scale={x} height={innerHeight} tickValues={spacedTicks(dates, innerWidth, TICK_WIDTH)} stroke={style.grid} strokeDasharray="3 3" />
          {activeDay ? <line x1={xOf(activeDay)} x2={xOf(activeDay)} y1={0} y2={innerHeight} stroke={style.axis} /> : null}
          {series.map((s) => (
            <g key={s.key}>
              <LinePath data={[...days]} x={xOf} y={(d) => y(d[s.key])} stroke={s.color} strokeWidth={2} />
              {days.map((d, index) =>
                dot || index === pointer.active ? (
                  <circle key={d.date} cx={xOf(d)} cy={y(d[s.key])} r={index === pointer.active ? 4 : 3} fill={index === pointer.active ? s.color : theme.palette.background.paper} stroke={s.color} strokeWidth={2} />
                ) : null,
              )}
            </g>
          ))}
          <AxisLeft scale={y} numTicks={5} tickFormat={(v) => axisDollars(Number(v))} stroke={style.axis} tickStroke={style.axis} tickLabelProps={style.tickLabel} />
          <AxisBottom top={innerHeight} scale={x} tickValues={spacedTicks(dates, innerWidth, TICK_WIDTH)} tickFormat={axisDay} stroke={style.axis} tickStroke={style.axis} tickLabelProps={style.tickLabel} />
        </Group>
      </svg>
    </ChartFrame>
  );
}
