import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarRounded, Line } from '@visx/shape';
import { useTheme } from '@mui/material/styles';
import type { ProductReorder } from '@clinic/domain';
import { ChartFrame, nearest, spacedTicks, useChartPointer, useChartSize, useChartStyle } from '../../../components/charts/chart-frame';
import { formatDate } from '../../../lib/format';
import { weeklyUse } from './weekly-use';

const HEIGHT = 240;
const MARGIN = { top: 8, right: 12, bottom: 38, left: 40 };
const TICK_WIDTH = 84;
const MAX_BAR = 40;
const USED = 'Used per week';
const FORECAST = 'Forecast per week';
const REORDER_POINT = 'Reorder point';
const POSITION = 'On hand + on order';

/**
 * Twelve weeks of use as bars, with the forecast's week and, on the same units axis, the reorder
 * point and what is on hand and on order: when the green line sits on or under the red one, it is
 * time to order. A chart library, so this file is loaded lazily.
 */
export function ReorderChart({ reorder }: { reorder: ProductReorder }) {
  const theme = useTheme();
  const style = useChartStyle();
  const { frameRef, width, height, innerWidth, innerHeight } = useChartSize(HEIGHT, MARGIN);
  const weeks = weeklyUse(reorder.history).map((w) => ({ ...w, label: formatDate(w.start) }));
  const forecastWeek = Math.round(reorder.daily_use * 7 * 10) / 10;
  const position = reorder.usable_units + reorder.on_order_units;
  const top = Math.max(1, ...weeks.map((w) => w.units), forecastWeek, reorder.reorder_point, position);
  const x = scaleBand({ domain: weeks.map((w) => w.label), range: [0, innerWidth], paddingInner: 0.15, paddingOuter: 0.05 });
  const y = scaleLinear({ domain: [0, top * 1.1], range: [innerHeight, 0], nice: true });
  const center = (label: string) => (x(label) ?? 0) + x.bandwidth() / 2;
  const barWidth = Math.min(MAX_BAR, x.bandwidth());
  const pointer = useChartPointer(weeks.length, (px) => nearest(weeks.map((w) => center(w.label)), px - MARGIN.left));
  const active = pointer.active === null ? undefined : weeks[pointer.active];
  const colors = { used: theme.palette.primary.main, forecast: theme.palette.warning.main, reorder: theme.palette.error.main, position: theme.palette.success.main };
  const level = (value: number, color: string, dash: string) => <Line from={{ x: 0, y: y(value) }} to={{ x: innerWidth, y: y(value) }} stroke={color} strokeWidth={2} strokeDasharray={dash} />;

  return (
    <ChartFrame
      height={HEIGHT}
      frameRef={frameRef}
      width={width}
      legend={[
        { name: USED, color: colors.used, shape: 'bar' },
        ...(reorder.method === 'none' ? [] : [{ name: FORECAST, color: colors.forecast, shape: 'line' as const }]),
        { name: REORDER_POINT, color: colors.reorder, shape: 'line' },
        { name: POSITION, color: colors.position, shape: 'line' },
      ]}
      tooltip={
        active
          ? {
              title: `Week of ${active.label}`,
              rows: [
                { name: USED, value: String(active.units), color: colors.used },
                ...(reorder.method === 'none' ? [] : [{ name: FORECAST, value: String(forecastWeek), color: colors.forecast }]),
              ],
              x: MARGIN.left + center(active.label),
              y: MARGIN.top + y(active.units),
            }
          : null
      }
    >
      <svg
        width={width}
        height={height}
        role="img"
        aria-label={`Units used per week: ${weeks.map((w) => `${w.label} ${String(w.units)}`).join(', ')}. Reorder point ${String(reorder.reorder_point)}, on hand and on order ${String(position)}.`}
        {...pointer.svgProps}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          <GridRows scale={y} width={innerWidth} numTicks={5} stroke={style.grid} strokeDasharray="3 3" />
          {active ? <rect x={x(active.label)} width={x.bandwidth()} y={0} height={innerHeight} fill={theme.palette.action.hover} /> : null}
          {weeks.map((w) => {
            const barTop = y(w.units);
            const barHeight = innerHeight - barTop;
            return <BarRounded key={w.start} x={center(w.label) - barWidth / 2} y={barTop} width={barWidth} height={barHeight} radius={Math.min(4, barHeight / 2, barWidth / 2)} top fill={colors.used} />;
          })}
          {reorder.method === 'none' ? null : level(forecastWeek, colors.forecast, '6 4')}
          {level(reorder.reorder_point, colors.reorder, '2 3')}
          {level(position, colors.position, '0')}
          <AxisLeft scale={y} numTicks={5} {...style.axis} />
          <AxisBottom top={innerHeight} scale={x} tickValues={spacedTicks(weeks.map((w) => w.label), innerWidth, TICK_WIDTH)} {...style.axis} />
        </Group>
      </svg>
    </ChartFrame>
  );
}
