import { useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { UPLOAD_ACCEPT, type CsvImportType } from '@clinic/domain';
import { useNotify } from '../notifications/use-notify';
import { errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { UploadProgress } from './upload-progress';
import { useFileUpload } from './use-file-upload';

/** A row of an import's answer: its fate, and the reason when it failed. */
export interface ImportRow {
  row_number: number;
  status: string;
  reason: string | null;
}

interface CsvImportOptions<R> {
  /** The upload's kind, which says what the file is (treatment_csv_import, production_csv_import, ...). */
  kind: CsvImportType;
  /** Imports the uploaded file (its public_url). */
  importFile: (fileUrl: string) => Promise<R>;
  /** The toast once imported, and the one when the import is refused. */
  notice: (result: R) => string;
  failure: string;
  /** Called with the answer once imported (the product import opens its job). */
  onImported?: ((result: R) => void) | undefined;
}

/**
 * A spreadsheet (.csv or .xlsx) uploaded, then imported by the caller: the upload's state for its
 * progress, the import's answer, and the toasts.
 */
export function useCsvImport<R>({ kind, importFile, notice, failure, onImported }: CsvImportOptions<R>) {
  const notify = useNotify();
  const upload = useFileUpload(kind);
  const [result, setResult] = useState<R | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const url = await upload.start(file);
    if (!url) return;
    let answer: R;
    try {
      answer = await importFile(url);
    } catch (error) {
      notify.error(errorMessage(error, failure));
      return;
    }
    upload.reset();
    setResult(answer);
    notify.success(notice(answer));
    onImported?.(answer);
  };
  return { upload, uploading: upload.status === 'uploading', result, choose };
}

interface CsvFileButtonProps {
  kind: CsvImportType;
  /** The button's and the hidden file input's name, e.g. "procedures file". */
  fileLabel: string;
  busy: boolean;
  onFile: (file: File | undefined) => void;
  /** Whether the file picker may open now; false after marking what is missing (a location). */
  ready?: (() => boolean) | undefined;
  variant?: ButtonProps['variant'];
  sx?: ButtonProps['sx'];
}

/** "Choose … file": opens the file picker of spreadsheets, whose input tests and assistive tech find by the file's name. */
export function CsvFileButton({ kind, fileLabel, busy, onFile, ready, variant = 'outlined', sx }: CsvFileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const label = fileLabel.charAt(0).toUpperCase() + fileLabel.slice(1);
  return (
    <>
      <Button
        variant={variant}
        startIcon={<UploadFileOutlined />}
        loading={busy}
        loadingPosition="start"
        onClick={() => {
          if (ready && !ready()) return;
          input.current?.click();
        }}
        sx={sx}
      >
        {`Choose ${fileLabel}`}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept={UPLOAD_ACCEPT[kind]}
        aria-label={label}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}

/** An import's answer: the summary (a warning when rows failed), then the failed rows with their reasons. */
export function ImportOutcome<Row extends ImportRow>({ summary, rows, failedRowsLabel, failedRows }: {
  summary: string;
  rows: readonly Row[];
  /** The list of failed rows' accessible name, e.g. "Procedure rows that failed". */
  failedRowsLabel: string;
  /** The failed rows shown otherwise than as a list (a table with the row's own columns). */
  failedRows?: ((failed: Row[]) => ReactNode) | undefined;
}) {
  const failed = rows.filter((r) => r.status === 'failed');
  return (
    <>
      <Alert severity={failed.length > 0 ? 'warning' : 'success'}>{summary}</Alert>
      {failed.length === 0 ? null : failedRows ? (
        failedRows(failed)
      ) : (
        <List dense aria-label={failedRowsLabel}>
          {failed.map((row) => (
            <ListItem key={row.row_number}>
              <ListItemText primary={`Row ${String(row.row_number)}`} secondary={row.reason} slotProps={{ secondary: { color: 'error.main' } }} />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

export interface CsvImportCardProps<R> extends CsvImportOptions<R> {
  /** Ids the card's labels hang on; unique on the page. */
  id: string;
  title: string;
  /** The title's look: h2 on the practice-system page, the smaller h6 beside the import page's other cards. */
  titleVariant?: 'h2' | 'h6';
  description: ReactNode;
  /** The template to start from, or the card's own button for it. */
  template: { csv: string; fileName: string } | { button: ReactNode };
  /** What the import needs besides the file (the location), between the text and the button. */
  fields?: ReactNode;
  fileLabel: string;
  /** The choose button's look: outlined and at least 44 px high unless given. */
  button?: Pick<CsvFileButtonProps, 'variant' | 'sx'>;
  ready?: (() => boolean) | undefined;
  /** The import's own work in flight (its mutation). */
  busy: boolean;
  /** What the card shows of an answer under it; nothing when left out (the answer is shown elsewhere). */
  outcome?: ((result: R) => ReactNode) | undefined;
}

/**
 * A spreadsheet (.csv or .xlsx) uploaded and imported in one step, with a template to start from,
 * the upload's progress, and the import's answer. The imports that differ only in their columns,
 * wording and fields share it: products, treatment designs, procedures completed, the schedule
 * (the production card, whose file is one part of it, uses its pieces: useCsvImport, CsvFileButton).
 */
export function CsvImportCard<R>(props: CsvImportCardProps<R>) {
  const { upload, uploading, result, choose } = useCsvImport(props);
  const { template } = props;

  return (
    <Paper component="section" aria-labelledby={`${props.id}-title`} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography id={`${props.id}-title`} variant={props.titleVariant ?? 'h2'} component="h2">
            {props.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {props.description}
          </Typography>
          {'button' in template ? (
            template.button
          ) : (
            <Button size="small" sx={{ mt: 0.5, px: 0 }} onClick={() => { saveFile(new Blob([template.csv], { type: 'text/csv;charset=utf-8' }), template.fileName); }}>
              Download template
            </Button>
          )}
        </Box>
        {props.fields}
        <CsvFileButton
          kind={props.kind}
          fileLabel={props.fileLabel}
          busy={uploading || props.busy}
          ready={props.ready}
          onFile={(file) => {
            // The picker opens only when ready; a file set on the input otherwise waits for it too.
            if (file && props.ready && !props.ready()) return;
            void choose(file);
          }}
          {...(props.button ?? { sx: { minHeight: 44 } })}
        />
      </Box>
      <Box sx={{ mt: upload.status === 'idle' ? 0 : 2 }}>
        <UploadProgress state={upload} />
      </Box>
      {result !== null && props.outcome ? <Box sx={{ mt: 2 }}>{props.outcome(result)}</Box> : null}
    </Paper>
  );
}
