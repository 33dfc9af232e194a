import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import type { PageState } from '../../../components/paged-table';
import { AppLink } from '../../../components/link';
import { errorMessage } from '../../../lib/api-client';
import { importsQueryOptions } from '../api/imports-api';
import { ImportDetail } from '../components/import-detail';
import { ImportUploadCard } from '../components/import-upload-card';
import { ImportsTable } from '../components/imports-table';
import { TreatmentImportCard } from '../components/treatment-import-card';

/** /import (admin): upload a .csv or .xlsx file, follow its progress, fix the rows that failed. */
export function ImportPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('id');
  const [pageState, setPageState] = useState<PageState>({ page: 0, perPage: 10 });
  const imports = useQuery(importsQueryOptions(pageState.page + 1, pageState.perPage));

  return (
    <>
      <PageHeader
        title="Import Products"
        subtitle="Bring a supplier's price list or your old catalog into the shared product catalog."
        actions={
          <Button component={AppLink} to="/import/instructions" variant="outlined">
            How it works
          </Button>
        }
      />
      <ImportUploadCard onStarted={(started) => { setParams({ id: started.id }); }} />
      {selected ? <ImportDetail key={selected} importId={selected} /> : null}
      <ImportsTable
        imports={imports.data?.results ?? []}
        total={imports.data?.total ?? 0}
        pageState={pageState}
        onPageStateChange={setPageState}
        loading={imports.isFetching && !imports.data}
        error={imports.isError ? errorMessage(imports.error, 'Could not load imports.') : null}
      />
      <Box sx={{ mt: 3 }}>
        <TreatmentImportCard />
      </Box>
    </>
  );
}
