import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { IMPORT_MESSAGES, UPLOAD_ACCEPT, type ProductImport } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { useNotify } from '../../../components/notifications/use-notify';
import { UploadProgress } from '../../../components/upload/upload-progress';
import { useFileUpload } from '../../../components/upload/use-file-upload';
import { errorMessage } from '../../../lib/api-client';
import type { Company } from '@clinic/domain';
import { ProductTemplateButton } from './product-template-button';
import { LocationPicker } from './location-picker';
import { useStartImport } from '../api/imports-api';

/** Choose a .csv or .xlsx file: it is uploaded with progress, then the import starts in the background. */
export function ImportUploadCard({ onStarted }: { onStarted: (started: ProductImport) => void }) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const upload = useFileUpload('product_csv_import');
  const start = useStartImport();
  // Rows with stock columns are received at this location (spec section 5, "Import rules").
  const [location, setLocation] = useState<Company | null>(null);
  const busy = upload.status === 'uploading' || start.isPending;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const url = await upload.start(file);
    if (!url) return;
    start.mutate({ fileUrl: url, locationId: location?.id ?? null }, {
      onSuccess: (created) => {
        notify.success(IMPORT_MESSAGES.started);
        upload.reset();
        onStarted(created);
      },
      onError: (error) => { notify.error(errorMessage(error, 'Could not start the import')); },
    });
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h6" component="h2">
            Import products from a CSV or Excel file
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Every row is checked on its own: good rows are imported, and rows with problems are kept with the reason so you can fix them here.{' '}
            <AppLink to="/import/instructions">How it works</AppLink>
          </Typography>
          {/* Named apart from the treatment import card's template on the same page. */}
          <ProductTemplateButton label="Download product template" size="small" sx={{ mt: 0.5, px: 0 }} />
        </Box>
        <LocationPicker label="Location receiving the stock" helperText="Only for rows with stock columns" value={location} onChange={setLocation} />
        <Button variant="contained" startIcon={<UploadFileOutlined />} loading={busy} loadingPosition="start" onClick={() => input.current?.click()}>
          Choose product file
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept={UPLOAD_ACCEPT.product_csv_import}
          aria-label="Product file"
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      <Box sx={{ mt: upload.status === 'idle' ? 0 : 2 }}>
        <UploadProgress state={upload} />
      </Box>
    </Paper>
  );
}
