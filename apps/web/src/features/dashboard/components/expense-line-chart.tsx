import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material/styles';
import type { ExpenseDay } from '../report-columns';
import { axisDay, axisDollars, tooltipDay, tooltipDollars } from './chart-format';

/** Spend and usage cost per day of the range; dots only while a month or less is shown, a year of them is noise. */
export function ExpenseLineChart({ days }: { days: readonly ExpenseDay[] }) {
  const theme = useTheme();
  const dot = days.length <= 31;
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={[...days]} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis dataKey="date" tickFormatter={axisDay} tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={56} />
        <Tooltip formatter={tooltipDollars} labelFormatter={tooltipDay} />
        <Legend />
        <Line dataKey="spend" name="Spend" stroke={theme.palette.primary.main} strokeWidth={2} dot={dot} isAnimationActive={false} />
        <Line dataKey="usage_cost" name="Usage cost" stroke={theme.palette.warning.main} strokeWidth={2} dot={dot} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
