import { AxisBottom } from '@visx/axis';
import { GridColumns } from '@visx/grid';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarRounded } from '@visx/shape';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { ChartFrame, nearest, useChartPointer, useChartStyle, valueDomain } from '../../../components/charts/chart-frame';
import { displayCell } from '../report-table';
import { axisDollars, tooltipDollars, truncate } from './chart-format';

export interface RankedBar {
  key: string;
  name: string;
  value: number;
}

interface RankedBarChartProps {
  bars: readonly RankedBar[];
  /** What the bars measure, shown in the tooltip. */
  seriesName: string;
  money: boolean;
}

/** Room per bar: its name on a line above, then the bar itself. */
const ROW_HEIGHT = 52;
const BAR_HEIGHT = 18;
/** Right: room for the amount written after the longest bar; left: for half the first tick label ("$0"), centred on the axis start. */
const MARGIN = { top: 16, right: 72, bottom: 4, left: 14 };
const AXIS_HEIGHT = 30;

/**
 * Ranked names with long labels (treatments, products, suppliers) as horizontal bars. Each name
 * is written above its bar across the chart's width and each amount at the bar's end, so the
 * chart reads without the tooltip or the table (a name squeezed into a side axis was cut).
 */
export function RankedBarChart({ bars, seriesName, money }: RankedBarChartProps) {
  const theme = useTheme();
  const style = useChartStyle();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const chars = narrow ? 42 : 72;
  const format = (value: number) => (money ? tooltipDollars(value) : displayCell('number', value));
  const { parentRef, width } = useParentSize({ debounceTime: 100 });
  const height = Math.max(140, bars.length * ROW_HEIGHT + 40);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom - AXIS_HEIGHT;
  const x = scaleLinear({ domain: valueDomain(bars.map((b) => b.value)), range: [0, innerWidth], nice: true });
  const y = scaleBand({ domain: bars.map((b) => b.key), range: [0, innerHeight] });
  const barTop = (b: RankedBar) => (y(b.key) ?? 0) + (y.bandwidth() - BAR_HEIGHT) / 2;
  const pointer = useChartPointer(bars.length, (_px, py) => nearest(bars.map((b) => barTop(b) + BAR_HEIGHT / 2), py - MARGIN.top));
  const active = pointer.active === null ? undefined : bars[pointer.active];
  const color = theme.palette.primary.main;

  return (
    <ChartFrame
      height={height}
      frameRef={parentRef}
      width={width}
      tooltip={active ? { title: active.name, rows: [{ name: seriesName, value: format(active.value), color }], x: MARGIN.left + x(active.value), y: MARGIN.top + barTop(active) } : null}
    >
      <svg width={width} height={height} role="img" aria-label={`${seriesName}: ${bars.map((b) => `${b.name} ${format(b.value)}`).join(', ')}`} {...pointer.svgProps}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          <GridColumns scale={x} height={innerHeight} numTicks={5} stroke={style.grid} strokeDasharray="3 3" />
          {active ? <rect x={0} width={innerWidth} y={y(active.key)} height={y.bandwidth()} fill={theme.palette.action.hover} /> : null}
          {bars.map((b) => {
            const length = x(b.value);
            return (
              <g key={b.key}>
                <BarRounded x={0} y={barTop(b)} width={length} height={BAR_HEIGHT} radius={Math.min(4, length / 2)} right fill={color} />
                <text x={0} y={barTop(b) - 6} fontSize={12} fill={theme.palette.text.primary} fontFamily={theme.typography.fontFamily}>
                  {truncate(b.name, chars)}
                </text>
                <text x={length + 5} y={barTop(b) + BAR_HEIGHT / 2} dominantBaseline="central" fontSize={12} fill={theme.palette.text.secondary} fontFamily={theme.typography.fontFamily}>
                  {format(b.value)}
                </text>
              </g>
            );
          })}
          <AxisBottom top={innerHeight} scale={x} numTicks={5} tickFormat={money ? (v) => axisDollars(Number(v)) : undefined} {...style.axis} />
        </Group>
      </svg>
    </ChartFrame>
  );
}
