import { useState } from 'react';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useNotify } from '../../../components/notifications/use-notify';
import { downloadFromApi, formatBytes } from '../../../lib/download';
import type { QueryValue } from '../../../lib/api-client';

/** Exports the list as it is filtered now to an .xlsx file, showing the download as it comes in. */
export function ExportProductsButton({ filter }: { filter: Record<string, QueryValue> }) {
  const notify = useNotify();
  const [received, setReceived] = useState<number | null>(null);
  const exporting = received !== null;
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      loading={exporting}
      loadingPosition="start"
      aria-live="polite"
      onClick={() => {
        setReceived(0);
        downloadFromApi('product/v2/export-xls', filter, 'products.xlsx', setReceived)
          .then(() => { notify.success('Export ready'); })
          .catch(() => { notify.error('Export failed. Please try again.'); })
          .finally(() => { setReceived(null); });
      }}
    >
      {exporting ? `Exporting… ${formatBytes(received)}` : 'Export'}
    </Button>
  );
}
