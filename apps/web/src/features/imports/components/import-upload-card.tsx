import { useState } from 'react';
import { IMPORT_MESSAGES, type Company, type ProductImport } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { CsvImportCard } from '../../../components/upload/csv-import-card';
import { ProductTemplateButton } from './product-template-button';
import { LocationPicker } from './location-picker';
import { useStartImport } from '../api/imports-api';

/** Choose a .csv or .xlsx file: it is uploaded with progress, then the import starts in the background. */
export function ImportUploadCard({ onStarted }: { onStarted: (started: ProductImport) => void }) {
  const start = useStartImport();
  // Rows with stock columns are received at this location (spec section 5, "Import rules").
  const [location, setLocation] = useState<Company | null>(null);

  return (
    <CsvImportCard
      id="product-import"
      kind="product_csv_import"
      title="Import products from a CSV or Excel file"
      titleVariant="h6"
      description={
        <>
          Every row is checked on its own: good rows are imported, and rows with problems are kept with the reason so you can fix them here.{' '}
          <AppLink to="/import/instructions">How it works</AppLink>
        </>
      }
      // Named apart from the treatment import card's template on the same page.
      template={{ button: <ProductTemplateButton label="Download product template" size="small" sx={{ mt: 0.5, px: 0 }} /> }}
      fields={<LocationPicker label="Location receiving the stock" helperText="Only for rows with stock columns" value={location} onChange={setLocation} />}
      fileLabel="product file"
      button={{ variant: 'contained' }}
      importFile={(fileUrl) => start.mutateAsync({ fileUrl, locationId: location?.id ?? null })}
      busy={start.isPending}
      notice={() => IMPORT_MESSAGES.started}
      failure="Could not start the import"
      // The import runs in the background: its page shows the rows as they are read.
      onImported={onStarted}
    />
  );
}
