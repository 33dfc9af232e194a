import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
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

/**
 * Ranked names with long labels (treatments, products, suppliers) as horizontal bars. Each name
 * is written above its bar across the chart's width and each amount at the bar's end, so the
 * chart reads without the tooltip or the table (a name squeezed into a side axis was cut).
 */
export function RankedBarChart({ bars, seriesName, money }: RankedBarChartProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const chars = narrow ? 42 : 72;
  const format = (value: unknown) => (money ? tooltipDollars(value) : displayCell('number', Number(value)));
  return (
    <ResponsiveContainer width="100%" height={Math.max(140, bars.length * ROW_HEIGHT + 40)}>
      <BarChart layout="vertical" data={[...bars]} margin={{ top: 16, right: 72, bottom: 4, left: 4 }} barCategoryGap={0}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke={theme.palette.divider} />
        <XAxis type="number" tickFormatter={money ? axisDollars : undefined} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="name" hide />
        <Tooltip formatter={format} />
        <Bar dataKey="value" name={seriesName} fill={theme.palette.primary.main} radius={[0, 4, 4, 0]} barSize={18} isAnimationActive={false}>
          <LabelList
            dataKey="name"
            content={({ x, y, value }) => (
              <text x={Number(x)} y={Number(y) - 6} fontSize={12} fill={theme.palette.text.primary}>
                {truncate(String(value), chars)}
              </text>
            )}
          />
          <LabelList dataKey="value" position="right" fontSize={12} fill={theme.palette.text.secondary} formatter={format} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
