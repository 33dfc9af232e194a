import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { dayLabel, type UpcomingDay } from '@clinic/domain';
import { formatDate } from '../../../lib/format';
import { tableCardsSx } from '../../../components/table-cards-sx';

const COLUMNS = [{ label: 'Product' }, { label: 'For' }, { label: 'Needed' }, { label: 'Usable then' }, { label: 'Short' }];
const units = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 3 });

/** One day of the upcoming trays: its procedures, what their trays take, and the shortfall in words first. */
export function UpcomingDayCard({ day }: { day: UpcomingDay }) {
  const titleId = `upcoming-${day.day}`;
  const [weekday] = dayLabel(day.day).split(' ');
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', mb: 1 }}>
        <Typography id={titleId} variant="h2">
          {`${weekday!} ${formatDate(day.day)}`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {`${String(day.appointments)} ${day.appointments === 1 ? 'appointment' : 'appointments'}`}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        {day.procedures.map((p) => (
          <Chip key={p.code} size="small" variant="outlined" color={p.treatment ? 'default' : 'warning'} label={`${String(p.count)} × ${p.treatment?.name ?? `${p.code} (not mapped)`}`} />
        ))}
      </Box>
      {day.warnings.map((warning) => (
        <Alert key={warning} severity="warning" sx={{ mb: 1 }}>
          {warning}
        </Alert>
      ))}
      {day.needs.length > 0 ? (
        <Table size="small" aria-label={`Trays of ${formatDate(day.day)}`} sx={tableCardsSx(COLUMNS)}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.label} align={c.label === 'Product' || c.label === 'For' ? 'left' : 'right'}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {day.needs.map((need) => (
              <TableRow key={need.product_id}>
                <TableCell>{need.product_name}</TableCell>
                <TableCell>{need.treatments.map((t) => `${String(t.count)} × ${t.name}`).join(', ')}</TableCell>
                <TableCell align="right">{units(need.needed)}</TableCell>
                <TableCell align="right">{units(need.usable)}</TableCell>
                <TableCell align="right">{need.short > 0 ? <Chip size="small" color="error" label={units(need.short)} /> : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No tray to prepare: the procedures of this day are not mapped to treatments with products.
        </Typography>
      )}
    </Paper>
  );
}
