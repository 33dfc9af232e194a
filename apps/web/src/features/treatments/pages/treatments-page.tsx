import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import { Link as RouterLink } from 'react-router';
import { can } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { useProfile } from '../../../lib/profile';
import { TreatmentsTable } from '../components/treatments-table';

/** /treatment/design: every treatment designed at the location. */
export function TreatmentsPage() {
  const permissions = useProfile().data?.permissions ?? {};
  return (
    <>
      <PageHeader
        title="Treatments"
        subtitle="Each treatment's tray: the products a visit uses and what they cost at today's prices."
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<CategoryOutlined />} component={RouterLink} to="/treatments/categories">
              Categories
            </Button>
            {can(permissions, 'treatments', 'create') ? (
              <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to="/treatment/form">
                New treatment
              </Button>
            ) : null}
          </Stack>
        }
      />
      <TreatmentsTable label="Treatments" />
    </>
  );
}
