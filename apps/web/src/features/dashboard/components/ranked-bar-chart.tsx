import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
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

/** Ranked names with long labels (treatments, products, suppliers): horizontal bars keep the names readable. */
export function RankedBarChart({ bars, seriesName, money }: RankedBarChartProps) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  // Recharts wraps (or, for one long word, clips) a label wider than its axis: names are cut to fit one line.
  const axis = narrow ? { width: 112, chars: 13 } : { width: 180, chars: 22 };
  return (
    <ResponsiveContainer width="100%" height={Math.max(140, bars.length * 40 + 40)}>
      <BarChart layout="vertical" data={[...bars]} margin={{ top: 4, right: 16, bottom: 4, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke={theme.palette.divider} />
        <XAxis type="number" tickFormatter={money ? axisDollars : undefined} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="name" width={axis.width} tick={{ fontSize: 12 }} tickFormatter={(name: string) => truncate(name, axis.chars)} />
        <Tooltip formatter={money ? tooltipDollars : (value: unknown) => displayCell('number', Number(value))} />
        <Bar dataKey="value" name={seriesName} fill={theme.palette.primary.main} radius={[0, 4, 4, 0]} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
