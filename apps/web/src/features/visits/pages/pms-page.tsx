import Box from '@mui/material/Box';
import { PageHeader } from '../../../components/page-header';
import { CodeMappings } from '../components/code-mappings';
import { OpenDentalCard } from '../components/open-dental-card';
import { ProcedureImportCard } from '../components/procedure-import-card';
import { ProductionCard } from '../components/production-card';
import { ScheduleImportCard } from '../components/schedule-import-card';

/**
 * /pms (Settings > Practice system), for the location's admins (issue 36): the procedures completed
 * in the practice-management system come in here (Open Dental's sync, or any system's daily CSV),
 * and its procedure codes are mapped to the location's treatments; the procedures then wait at the
 * chair (Execute), or take stock at once when the Open Dental connection says so.
 */
export function PmsPage() {
  return (
    <Box>
      <PageHeader title="Practice system" subtitle="Procedures completed in your practice-management system wait at the chair: one tap takes their trays from stock." />
      <OpenDentalCard />
      <ProcedureImportCard />
      <ScheduleImportCard />
      <CodeMappings />
      <Box sx={{ mt: 3 }}>
        <ProductionCard />
      </Box>
    </Box>
  );
}
