import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { PMS_MESSAGES, PROCEDURE_IMPORT_COLUMNS, UPLOAD_ACCEPT, procedureImportTemplateCsv, type ProcedureImportResult } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { UploadProgress } from '../../../components/upload/upload-progress';
import { useFileUpload } from '../../../components/upload/use-file-upload';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { useImportProcedures } from '../api/pms-api';

/** The daily "procedures completed" export of any practice-management system, into the chair's waiting list. */
export function ProcedureImportCard() {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const upload = useFileUpload('product_csv_import');
  const run = useImportProcedures();
  const [result, setResult] = useState<ProcedureImportResult | null>(null);
  const busy = upload.status === 'uploading' || run.isPending;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const url = await upload.start(file);
    if (!url) return;
    run.mutate(url, {
      onSuccess: (answer) => {
        upload.reset();
        setResult(answer);
        notify.success(PMS_MESSAGES.imported(answer.imported));
      },
      onError: (error) => { notify.error(errorMessage(error, 'Could not import the procedures')); },
    });
  };
  const failed = result?.rows.filter((r) => r.status === 'failed') ?? [];

  return (
    <Paper component="section" aria-labelledby="procedure-import-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography id="procedure-import-title" variant="h2">
            Import completed procedures
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`The day's "procedures completed" export of your practice-management system (.csv or .xlsx). Columns: ${PROCEDURE_IMPORT_COLUMNS.map((c) => c.header).join(', ')}. A procedure imported twice counts once.`}
          </Typography>
          <Button size="small" sx={{ mt: 0.5, px: 0 }} onClick={() => { saveFile(new Blob([procedureImportTemplateCsv()], { type: 'text/csv;charset=utf-8' }), 'procedures-template.csv'); }}>
            Download template
          </Button>
        </Box>
        <Button variant="outlined" startIcon={<UploadFileOutlined />} loading={busy} loadingPosition="start" onClick={() => input.current?.click()} sx={{ minHeight: 44 }}>
          Choose procedures file
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept={UPLOAD_ACCEPT.product_csv_import}
          aria-label="Procedures file"
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
          <Alert severity={failed.length > 0 ? 'warning' : 'success'}>
            {`${PMS_MESSAGES.imported(result.imported)}; ${String(result.already_imported)} imported before; ${String(result.failed)} with problems.`}
          </Alert>
          {failed.length > 0 ? (
            <List dense aria-label="Procedure rows that failed">
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
