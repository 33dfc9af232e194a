import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material/styles';
import type { WasteDay } from '../report-columns';
import { axisDay, axisDollars, tooltipDay, tooltipDollars } from './chart-format';

/** Waste (expired and damaged, at cost) and supplier credits per day of the range, side by side. */
export function WasteChart({ days }: { days: readonly WasteDay[] }) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={200}>
      <BarChart data={[...days]} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={theme.palette.divider} />
        <XAxis dataKey="date" tickFormatter={axisDay} tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis tickFormatter={axisDollars} tick={{ fontSize: 12 }} width={56} />
        <Tooltip formatter={tooltipDollars} labelFormatter={tooltipDay} />
        <Legend />
        <Bar dataKey="waste" name="Waste" fill={theme.palette.error.main} isAnimationActive={false} />
        <Bar dataKey="credits" name="Credits" fill={theme.palette.success.main} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
