import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Organization } from '@clinic/domain';
import { ApprovalStatusChip } from '../../../components/status-chip';
import { formatDate, formatMoney } from '../../../lib/format';
import {
  ORGANIZATION_ACTION_LABELS,
  OrganizationActionDialogs,
  organizationActionsFor,
  type OrganizationAction,
} from './organization-action-dialogs';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function OrganizationOverview({ organization, onDeleted }: { organization: Organization; onDeleted: () => void }) {
  const [action, setAction] = useState<OrganizationAction | null>(null);
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' } }}
      >
        <Field label="Status">
          <ApprovalStatusChip status={organization.approvalStatus} />
        </Field>
        <Field label="Billing contact">{organization.billingContact.email}</Field>
        <Field label="Locations">
          {organization.locations.length} of {organization.numberOfLocations}
        </Field>
        <Field label="Custom price">{formatMoney(organization.customPrice)}</Field>
        <Field label="Registered">{formatDate(organization.created_at)}</Field>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}>
        {organizationActionsFor(organization).map((kind) => (
          <Button
            key={kind}
            variant={kind === 'approve' ? 'contained' : 'outlined'}
            color={kind === 'delete' || kind === 'reject' ? 'error' : 'primary'}
            onClick={() => { setAction(kind); }}
          >
            {ORGANIZATION_ACTION_LABELS[kind]}
          </Button>
        ))}
      </Box>
      <OrganizationActionDialogs
        target={action ? { organization, action } : null}
        onClose={() => { setAction(null); }}
        onDeleted={onDeleted}
      />
    </Paper>
  );
}
