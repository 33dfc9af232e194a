import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { TREATMENT_IMPORT_COLUMNS, TREATMENT_IMPORT_MESSAGES, UPLOAD_ACCEPT, treatmentImportTemplateCsv, type Company, type TreatmentImportResult } from '@clinic/domain';
import { useNotify } from '../../../components/notifications/use-notify';
import { UploadProgress } from '../../../components/upload/upload-progress';
import { useFileUpload } from '../../../components/upload/use-file-upload';
import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { useImportTreatments } from '../api/imports-api';
import { LocationPicker } from './location-picker';

/**
 * Treatment designs from a .csv or .xlsx file for one client location (`POST import/treatment`): the answer
 * comes at once, the rows that failed listed with their reasons.
 */
export function TreatmentImportCard() {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const upload = useFileUpload('product_csv_import');
  const run = useImportTreatments();
  const [location, setLocation] = useState<Company | null>(null);
  const [missingLocation, setMissingLocation] = useState(false);
  const [result, setResult] = useState<TreatmentImportResult | null>(null);
  const busy = upload.status === 'uploading' || run.isPending;

  const choose = async (file: File | undefined) => {
    if (!file || !location) return;
    const url = await upload.start(file);
    if (!url) return;
    run.mutate(
      { fileUrl: url, locationId: location.id },
      {
        onSuccess: (answer) => {
          upload.reset();
          setResult(answer);
          notify.success(TREATMENT_IMPORT_MESSAGES.done(answer.succeeded_rows, answer.failed_rows));
        },
        onError: (error) => { notify.error(errorMessage(error, 'Could not import the treatments')); },
      },
    );
  };
  const failed = result?.rows.filter((r) => r.status === 'failed') ?? [];

  return (
    <Paper component="section" aria-labelledby="treatment-import-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography id="treatment-import-title" variant="h6" component="h2">
            Import treatment designs
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {`Columns: ${TREATMENT_IMPORT_COLUMNS.map((c) => c.header).join(', ')}. Products are barcode x quantity, separated by semicolons; categories must exist at the location.`}
          </Typography>
          <Button size="small" sx={{ mt: 0.5, px: 0 }} onClick={() => { saveFile(new Blob([treatmentImportTemplateCsv()], { type: 'text/csv;charset=utf-8' }), 'treatment-import-template.csv'); }}>
            Download template
          </Button>
        </Box>
        <LocationPicker
          label="Location of the treatments"
          helperText={missingLocation && !location ? TREATMENT_IMPORT_MESSAGES.locationRequired : 'Required'}
          error={missingLocation && !location}
          value={location}
          onChange={setLocation}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlined />}
          loading={busy}
          loadingPosition="start"
          onClick={() => {
            if (!location) {
              setMissingLocation(true);
              return;
            }
            input.current?.click();
          }}
        >
          Choose treatments file
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept={UPLOAD_ACCEPT.product_csv_import}
          aria-label="Treatments file"
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
          <Alert severity={failed.length > 0 ? 'warning' : 'success'}>{TREATMENT_IMPORT_MESSAGES.done(result.succeeded_rows, result.failed_rows)}</Alert>
          {failed.length > 0 ? (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Treatment rows that failed" sx={{ mt: 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>Row</TableCell>
                    <TableCell>Treatment Code</TableCell>
                    <TableCell>Reason</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {failed.map((row) => (
                    <TableRow key={row.row_number}>
                      <TableCell>{row.row_number}</TableCell>
                      <TableCell>{row.treatment_code}</TableCell>
                      <TableCell sx={{ color: 'error.main' }}>{row.reason}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}
