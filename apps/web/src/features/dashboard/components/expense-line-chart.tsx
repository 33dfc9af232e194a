import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useTheme } from '@mui/material/styles';
import { nearest, useChartPointer, useChartSize, useChartStyle, valueDomain } from '../../../components/charts/chart-frame';
import type { ExpenseDay } from '../report-columns';
import { DAILY_MARGIN, DailyChart } from './daily-chart';

const HEIGHT = 280;

/** Spend and usage cost per day of the range; dots only while a month or less is shown, a year of them is noise. */
export function ExpenseLineChart({ days }: { days: readonly ExpenseDay[] }) {
  const theme = useTheme();
  const style = useChartStyle();
  const size = useChartSize(HEIGHT, DAILY_MARGIN);
  const x = scalePoint({ domain: days.map((d) => d.date), range: [0, size.innerWidth] });
  const y = scaleLinear({ domain: valueDomain(days.flatMap((d) => [d.spend, d.usage_cost])), range: [size.innerHeight, 0], nice: true });
  const xOf = (d: ExpenseDay) => x(d.date) ?? 0;
  const series = [
    { key: 'spend', name: 'Spend', color: theme.palette.primary.main },
    { key: 'usage_cost', name: 'Usage cost', color: theme.palette.warning.main },
  ] as const;
  const pointer = useChartPointer(days.length, (px) => nearest(days.map(xOf), px - DAILY_MARGIN.left));
  const activeDay = pointer.active === null ? undefined : days[pointer.active];
  const dot = days.length <= 31;

  return (
    <DailyChart frameHeight={HEIGHT} size={size} days={days} series={series} shape="line" label="Spend and usage cost" x={x} y={y} centreOf={xOf} pointer={pointer} gridColumns>
      {activeDay ? <line x1={xOf(activeDay)} x2={xOf(activeDay)} y1={0} y2={size.innerHeight} stroke={style.axis.stroke} /> : null}
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
    </DailyChart>
  );
}
