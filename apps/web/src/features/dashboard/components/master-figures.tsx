import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import type { MasterReport } from '@clinic/domain';
import { errorMessage } from '../../../lib/api-client';
import { masterReportQueryOptions } from '../api/reports-api';
import { FigureCard } from './figure-card';

const MASTER_FIGURES: { key: keyof MasterReport; title: string }[] = [
  { key: 'organizations', title: 'Organizations' },
  { key: 'locations', title: 'Locations' },
  { key: 'users', title: 'Users' },
  { key: 'pending_approvals', title: 'Pending approvals' },
  { key: 'pending_products', title: 'Pending products' },
];

/** The product admin's platform figures; the admin keeps no stock, so there are no range reports. */
export function MasterFigures() {
  const master = useQuery(masterReportQueryOptions());
  if (master.isError) return <Alert severity="error">{errorMessage(master.error, 'Could not load the platform figures.')}</Alert>;
  return (
    <Box
      component="section"
      aria-label="Platform figures"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' } }}
    >
      {MASTER_FIGURES.map((f) => (
        <FigureCard key={f.key} title={f.title} value={master.data ? master.data[f.key].toLocaleString('en-US') : undefined} />
      ))}
    </Box>
  );
}
