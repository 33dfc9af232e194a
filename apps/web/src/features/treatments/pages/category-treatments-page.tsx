import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router';
import { can } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage, isMissingRecord } from '../../../lib/api-client';
import { useProfile } from '../../../lib/profile';
import { treatmentCategoryQueryOptions } from '../api/treatments-api';
import { TreatmentsTable } from '../components/treatments-table';

/** /treatments/categories/{categoryId}: the treatments of one category. */
export function CategoryTreatmentsPage() {
  const { categoryId = '' } = useParams();
  const permissions = useProfile().data?.permissions ?? {};
  const category = useQuery(treatmentCategoryQueryOptions(categoryId));
  if (category.isPending) return <PageLoader />;
  if (category.isError) return <Alert severity={isMissingRecord(category.error) ? 'info' : 'error'}>{isMissingRecord(category.error) ? 'This treatment category does not exist.' : errorMessage(category.error, 'Could not load the category.')}</Alert>;
  return (
    <>
      <PageHeader
        title={category.data.name}
        subtitle={category.data.description || undefined}
        leading={
          <Tooltip title="Back to treatment categories">
            <IconButton component={RouterLink} to="/treatments/categories" aria-label="Back to treatment categories">
              <ArrowBackOutlined />
            </IconButton>
          </Tooltip>
        }
        actions={
          can(permissions, 'treatments', 'create') ? (
            <Button variant="contained" startIcon={<AddOutlined />} component={RouterLink} to={`/treatment/form?category_id=${categoryId}`}>
              New treatment
            </Button>
          ) : null
        }
      />
      <TreatmentsTable categoryId={categoryId} label={`Treatments in ${category.data.name}`} />
    </>
  );
}
