import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useTheme } from '@mui/material/styles';
import { nearest, useChartPointer, useChartSize, valueDomain } from '../../../components/charts/chart-frame';
import type { WasteDay } from '../report-columns';
import { DAILY_MARGIN, DailyChart } from './daily-chart';

const HEIGHT = 200;

/** Waste (expired and damaged, at cost) and supplier credits per day of the range, side by side. */
export function WasteChart({ days }: { days: readonly WasteDay[] }) {
  const theme = useTheme();
  const size = useChartSize(HEIGHT, DAILY_MARGIN);
  const x = scaleBand({ domain: days.map((d) => d.date), range: [0, size.innerWidth], paddingInner: 0.1, paddingOuter: 0.05 });
  const series = [
    { key: 'waste', name: 'Waste', color: theme.palette.error.main },
    { key: 'credits', name: 'Credits', color: theme.palette.success.main },
  ] as const;
  const pair = scaleBand({ domain: series.map((s) => s.key), range: [0, x.bandwidth()], paddingInner: 0.1 });
  const y = scaleLinear({ domain: valueDomain(days.flatMap((d) => [d.waste, d.credits])), range: [size.innerHeight, 0], nice: true });
  const left = (d: WasteDay) => x(d.date) ?? 0;
  const centre = (d: WasteDay) => left(d) + x.bandwidth() / 2;
  const pointer = useChartPointer(days.length, (px) => nearest(days.map(centre), px - DAILY_MARGIN.left));
  const activeDay = pointer.active === null ? undefined : days[pointer.active];

  return (
    <DailyChart frameHeight={HEIGHT} size={size} days={days} series={series} shape="bar" label="Waste and credits" x={x} y={y} centreOf={centre} pointer={pointer}>
      {activeDay ? <rect x={left(activeDay)} width={x.bandwidth()} y={0} height={size.innerHeight} fill={theme.palette.action.hover} /> : null}
      {days.map((d) =>
        series.map((s) => (
          <Bar key={`${d.date}-${s.key}`} x={left(d) + (pair(s.key) ?? 0)} width={pair.bandwidth()} y={y(d[s.key])} height={size.innerHeight - y(d[s.key])} fill={s.color} />
        )),
      )}
    </DailyChart>
  );
}
