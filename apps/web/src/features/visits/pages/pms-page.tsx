import Box from '@mui/material/Box';
import { PageHeader } from '../../../components/page-header';
import { CodeMappings } from '../components/code-mappings';
import { ProcedureImportCard } from '../components/procedure-import-card';
import { ProductionCard } from '../components/production-card';

/**
 * /pms (Settings > Practice system), for the location's admins (issue 36): the procedures completed
 * in the practice-management system come in here (its daily CSV), and its procedure codes are
 * mapped to the location's treatments; the procedures then wait at the chair (Execute).
 */
export function PmsPage() {
  return (
    <Box>
      <PageHeader title="Practice system" subtitle="Procedures completed in your practice-management system wait at the chair: one tap takes their trays from stock." />
      <ProcedureImportCard />
      <CodeMappings />
      <Box sx={{ mt: 3 }}>
        <ProductionCard />
      </Box>
    </Box>
  );
}
