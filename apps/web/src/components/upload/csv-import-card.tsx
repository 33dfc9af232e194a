import { useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { UPLOAD_ACCEPT } from '@clinic/domain';
import { useNotify } from '../notifications/use-notify';
import { errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { UploadProgress } from './upload-progress';
import { useFileUpload } from './use-file-upload';

/** What an import answers: each row's fate, the failed ones with their reason. */
export interface RowsResult {
  rows: { row_number: number; status: string; reason: string | null }[];
}

export interface CsvImportCardProps<R extends RowsResult> {
  /** Ids the card's labels hang on; unique on the page. */
  id: string;
  title: string;
  description: ReactNode;
  template: { csv: string; fileName: string };
  /** The button and the hidden file input's accessible name, e.g. "procedures file". */
  fileLabel: string;
  /** The list of failed rows' accessible name, e.g. "Procedure rows that failed". */
  failedRowsLabel: string;
  /** Imports the uploaded file (its public_url). */
  importFile: (fileUrl: string) => Promise<R>;
  busy: boolean;
  /** The line under the card once a file is read, and the toast. */
  summary: (result: R) => string;
  notice: (result: R) => string;
  failure: string;
}

/**
 * A spreadsheet (.csv or .xlsx) uploaded and imported in one step, with a template to start from,
 * the upload's progress, and the rows that failed with their reasons. Imports that differ only in
 * their columns and wording (procedures completed, the schedule) share it.
 */
export function CsvImportCard<R extends RowsResult>(props: CsvImportCardProps<R>) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const upload = useFileUpload('product_csv_import');
  const [result, setResult] = useState<R | null>(null);
  const busy = upload.status === 'uploading' || props.busy;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const url = await upload.start(file);
    if (!url) return;
    try {
      const answer = await props.importFile(url);
      upload.reset();
      setResult(answer);
      notify.success(props.notice(answer));
    } catch (error) {
      notify.error(errorMessage(error, props.failure));
    }
  };
  const failed = result?.rows.filter((r) => r.status === 'failed') ?? [];
  const label = props.fileLabel.charAt(0).toUpperCase() + props.fileLabel.slice(1);

  return (
    <Paper component="section" aria-labelledby={`${props.id}-title`} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography id={`${props.id}-title`} variant="h2">
            {props.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {props.description}
          </Typography>
          <Button size="small" sx={{ mt: 0.5, px: 0 }} onClick={() => { saveFile(new Blob([props.template.csv], { type: 'text/csv;charset=utf-8' }), props.template.fileName); }}>
            Download template
          </Button>
        </Box>
        <Button variant="outlined" startIcon={<UploadFileOutlined />} loading={busy} loadingPosition="start" onClick={() => input.current?.click()} sx={{ minHeight: 44 }}>
          {`Choose ${props.fileLabel}`}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept={UPLOAD_ACCEPT.product_csv_import}
          aria-label={label}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      <Box sx={{ mt: upload.status === 'idle' ? 0 : 2 }}>
        <UploadProgress state={upload} />
      </Box>
      {result ? (
        <Box sx={{ mt: 2 }}>
          <Alert severity={failed.length > 0 ? 'warning' : 'success'}>{props.summary(result)}</Alert>
          {failed.length > 0 ? (
            <List dense aria-label={props.failedRowsLabel}>
              {failed.map((row) => (
                <ListItem key={row.row_number}>
                  <ListItemText primary={`Row ${String(row.row_number)}`} secondary={row.reason} slotProps={{ secondary: { color: 'error.main' } }} />
                </ListItem>
              ))}
            </List>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}
