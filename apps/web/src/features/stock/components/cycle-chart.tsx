import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from '@mui/material/styles';
import type { TrackingReport } from '@clinic/domain';
import { formatDate } from '../../../lib/format';

/** Uses per cycle as bars, units per use as a line: a loaded chart library, so this file is lazy. */
export function CycleChart({ cycles }: { cycles: TrackingReport['cycle_counts'] }) {
  const theme = useTheme();
  const data = cycles.map((c) => ({ date: formatDate(c.date), uses: c.count, unitsPerUse: c.units_per_use }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis dataKey="date" tick={{ fontSize: 12 }} />
        <YAxis yAxisId="uses" allowDecimals={false} tick={{ fontSize: 12 }} width={36} />
        <YAxis yAxisId="perUse" orientation="right" tick={{ fontSize: 12 }} width={36} />
        <Tooltip />
        <Legend />
        <Bar yAxisId="uses" dataKey="uses" name="Uses in the cycle" fill={theme.palette.primary.main} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
        <Line yAxisId="perUse" dataKey="unitsPerUse" name="Units per use" stroke={theme.palette.warning.main} strokeWidth={2} connectNulls isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
