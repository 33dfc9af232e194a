import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { GridColumns, GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarRounded, LinePath } from '@visx/shape';
import { useTheme } from '@mui/material/styles';
import type { TrackingReport } from '@clinic/domain';
import { ChartFrame, nearest, spacedTicks, useChartPointer, useChartSize, useChartStyle, valueDomain } from '../../../components/charts/chart-frame';
import { formatDate } from '../../../lib/format';

const HEIGHT = 260;
/** Left and right: each axis's 36 px of labels. */
const MARGIN = { top: 8, right: 44, bottom: 38, left: 36 };
/** A date label (11-05-2026) and its gap to the next. */
const TICK_WIDTH = 84;
const MAX_BAR = 48;
const USES = 'Uses in the cycle';
const PER_USE = 'Units per use';

/** Uses per cycle as bars, units per use as a line: a loaded chart library, so this file is lazy. */
export function CycleChart({ cycles }: { cycles: TrackingReport['cycle_counts'] }) {
  const theme = useTheme();
  const style = useChartStyle();
  const { frameRef, width, height, innerWidth, innerHeight } = useChartSize(HEIGHT, MARGIN);
  const data = cycles.map((c) => ({ date: formatDate(c.date), uses: c.count, unitsPerUse: c.units_per_use }));
  type Cycle = (typeof data)[number];
  const x = scaleBand({ domain: data.map((d) => d.date), range: [0, innerWidth], paddingInner: 0.1, paddingOuter: 0.05 });
  const uses = scaleLinear({ domain: valueDomain(data.map((d) => d.uses)), range: [innerHeight, 0], nice: true });
  const perUse = scaleLinear({ domain: valueDomain(data.map((d) => d.unitsPerUse ?? 0)), range: [innerHeight, 0], nice: true });
  const center = (d: Cycle) => (x(d.date) ?? 0) + x.bandwidth() / 2;
  const barWidth = Math.min(MAX_BAR, x.bandwidth());
  // Cycles without a figure are skipped and the line joins its neighbours (Recharts' connectNulls).
  const measured = data.filter((d): d is Cycle & { unitsPerUse: number } => d.unitsPerUse !== null);
  const pointer = useChartPointer(data.length, (px) => nearest(data.map(center), px - MARGIN.left));
  const active = pointer.active === null ? undefined : data[pointer.active];
  const barColor = theme.palette.primary.main;
  const lineColor = theme.palette.warning.main;
  const integerTicks = uses.ticks(5).filter(Number.isInteger);

  return (
    <ChartFrame
      height={HEIGHT}
      frameRef={frameRef}
      width={width}
      legend={[{ name: USES, color: barColor, shape: 'bar' }, { name: PER_USE, color: lineColor, shape: 'line' }]}
      tooltip={
        active
          ? {
              title: active.date,
              rows: [
                { name: USES, value: String(active.uses), color: barColor },
                { name: PER_USE, value: active.unitsPerUse === null ? '—' : String(active.unitsPerUse), color: lineColor },
              ],
              x: MARGIN.left + center(active),
              y: MARGIN.top + uses(active.uses),
            }
          : null
      }
    >
      {/* Named here, not on a wrapper: an img's content is presentational, and this svg takes focus. */}
      <svg width={width} height={height} role="img" aria-label={`Uses per cycle: ${data.map((d) => `${d.date} ${String(d.uses)}`).join(', ')}`} {...pointer.svgProps}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <GridRows scale={uses} width={innerWidth} tickValues={integerTicks} stroke={style.grid} strokeDasharray="3 3" />
          <GridColumns scale={x} height={innerHeight} stroke={style.grid} strokeDasharray="3 3" />
          {active ? <rect x={x(active.date)} width={x.bandwidth()} y={0} height={innerHeight} fill={theme.palette.action.hover} /> : null}
          {data.map((d) => {
            const top = uses(d.uses);
            const barHeight = innerHeight - top;
            return <BarRounded key={d.date} x={center(d) - barWidth / 2} y={top} width={barWidth} height={barHeight} radius={Math.min(4, barHeight / 2, barWidth / 2)} top fill={barColor} />;
          })}
          <LinePath data={measured} x={center} y={(d) => perUse(d.unitsPerUse)} stroke={lineColor} strokeWidth={2} />
          {measured.map((d) => (
            <circle key={d.date} cx={center(d)} cy={perUse(d.unitsPerUse)} r={d === active ? 4 : 3} fill={d === active ? lineColor : theme.palette.background.paper} stroke={lineColor} strokeWidth={2} />
          ))}
          <AxisLeft scale={uses} tickValues={integerTicks} tickFormat={(v) => String(v)} {...style.axis} />
          <AxisRight left={innerWidth} scale={perUse} numTicks={5} {...style.axis} />
          <AxisBottom top={innerHeight} scale={x} tickValues={spacedTicks(data.map((d) => d.date), innerWidth, TICK_WIDTH)} {...style.axis} />
        </Group>
      </svg>
    </ChartFrame>
  );
}
