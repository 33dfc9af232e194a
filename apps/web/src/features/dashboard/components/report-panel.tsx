import { useDeferredValue, useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { LoadingBar } from '../../../components/loading-bar';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { toCsv, type ReportColumn } from '../report-table';
import { ReportTableView } from './report-table-view';

export const NOTHING_IN_RANGE = 'Nothing in this range';

export interface ReportPanelProps<T> {
  title: string;
  /** A line under the title saying what the figures count. */
  subtitle?: string | undefined;
  columns: readonly ReportColumn<T>[];
  /** Undefined until the first answer arrives. */
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  fetching: boolean;
  error: unknown;
  fileName: string;
  /** The chart of the rows; a report without one (a list) is its table. */
  chart?: ((rows: readonly T[]) => ReactNode) | undefined;
  /** Whether anything in the rows counts (expense by day lists idle days too). */
  hasData?: ((rows: readonly T[]) => boolean) | undefined;
  emptyText?: string | undefined;
  /** Under the rows, e.g. how many more there are. */
  footer?: ReactNode;
}

type View = 'chart' | 'table';

/**
 * A titled report card: its chart, or the same rows as a table (the accessible view), and a CSV
 * export of exactly those rows, made in the browser from the figures on screen.
 */
export function ReportPanel<T>({ title, subtitle, columns, rows: latestRows, rowKey, fetching, error, fileName, chart, hasData = (r) => r.length > 0, emptyText = NOTHING_IN_RANGE, footer }: ReportPanelProps<T>) {
  // An answer arrives as a synchronous update (a query store); the chart or table it draws is
  // rendered in a deferred pass instead, in slices rather than one long task (issue 37).
  const rows = useDeferredValue(latestRows);
  // Until the deferred pass has drawn the latest answer, what shows is the previous one: still loading.
  const refreshing = fetching || rows !== latestRows;
  const titleId = useId();
  const [view, setView] = useState<View>('chart');
  const showing = chart ? view : 'table';
  const ready = rows !== undefined && hasData(rows);

  let body: ReactNode;
  if (error && !rows) body = <Alert severity="error">{errorMessage(error, 'Could not load this report.')}</Alert>;
  else if (rows === undefined) body = <Skeleton variant="rounded" height={chart ? 240 : 160} aria-label={`Loading ${title}`} />;
  else if (!ready) body = <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>{emptyText}</Typography>;
  else if (showing === 'chart' && chart) body = chart(rows);
  else body = <ReportTableView label={title} columns={columns} rows={rows} rowKey={rowKey} />;

  return (
    <Paper component="section" aria-labelledby={titleId} aria-busy={refreshing} sx={{ p: 2, minWidth: 0, position: 'relative', overflow: 'hidden' }}>
      <LoadingBar loading={refreshing && rows !== undefined} label={`Loading ${title}`} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h3" component="h2">
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {chart ? (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_e, next: View | null) => { if (next) setView(next); }}
              aria-label={`${title} view`}
            >
              <ToggleButton value="chart">Chart</ToggleButton>
              <ToggleButton value="table">Table</ToggleButton>
            </ToggleButtonGroup>
          ) : null}
          <Button
            size="small"
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={!ready || refreshing}
            aria-label={`Export CSV of ${title}`}
            onClick={() => { if (rows) saveFile(new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), fileName); }}
          >
            Export CSV
          </Button>
        </Box>
      </Box>
      {body}
      {ready ? footer : null}
    </Paper>
  );
}
