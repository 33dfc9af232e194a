import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { proposeTimeZone, timeZoneNames, type Company } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { api, ApiError, errorMessage } from '../../../lib/api-client';
import { companyKeys } from '../../../lib/companies';
import { authKeys } from '../../../lib/profile';

const companyQueryOptions = (id: string) => ({
  queryKey: [...companyKeys.all, 'detail', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Company>(`company/${id}`, { signal }),
});

/**
 * The location's time zone (issue 53): its nightly forecasts run after its own midnight and its
 * reorder digest leaves in its own morning. Without one, the location keeps UTC. Its admins set it;
 * a zone is proposed from the address when the state lies wholly in one.
 */
export function LocationTimeZone({ companyId, canEdit }: { companyId: string; canEdit: boolean }) {
  const company = useQuery(companyQueryOptions(companyId));
  const [editing, setEditing] = useState(false);
  if (company.isError) return <Alert severity="error">{errorMessage(company.error, 'Could not load the location.')}</Alert>;
  if (!company.data) return null;
  const { time_zone: zone } = company.data;
  const proposed = zone ? null : proposeTimeZone(company.data);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="location-time-zone-title" sx={{ p: 2, mb: 3 }}>
      <Typography id="location-time-zone-title" variant="h6" component="h2" gutterBottom>
        Time zone of {company.data.name}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Typography>
          {zone
            ? `${zone}: the nightly forecasts run after its midnight and the reorder digest leaves in its morning.`
            : `Not set: the nightly work follows UTC.${proposed ? ` Its address points to ${proposed}.` : ''}`}
        </Typography>
        {canEdit ? (
          <Button variant="outlined" onClick={() => { setEditing(true); }} sx={{ minHeight: 44, flexShrink: 0 }}>
            {zone ? 'Change time zone' : 'Set time zone'}
          </Button>
        ) : null}
      </Stack>
      {editing ? <TimeZoneDialog company={company.data} proposed={proposed} onClose={() => { setEditing(false); }} /> : null}
    </Paper>
  );
}

function TimeZoneDialog({ company, proposed, onClose }: { company: Company; proposed: string | null; onClose: () => void }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [zone, setZone] = useState<string | null>(company.time_zone ?? proposed);
  const save = useMutation({
    mutationFn: (time_zone: string | null) => api.patch<Company>(`company/${company.id}`, { time_zone }),
    onSuccess: async () => {
      // The profile carries the signed-in location's zone, which every screen's dates follow.
      await Promise.all([queryClient.invalidateQueries({ queryKey: companyKeys.all }), queryClient.invalidateQueries({ queryKey: authKeys.profile() })]);
      notify.success('Time zone saved');
      onClose();
    },
  });
  // The field's own reason when the server names it, else the call's message.
  const fieldReason = save.error instanceof ApiError ? save.error.errors.find((e) => e.field === 'time_zone')?.message : undefined;
  const problem = save.isError ? (fieldReason ?? errorMessage(save.error, 'Could not save the time zone')) : undefined;
  return (
    <ActionDialog
      title={`Time zone of ${company.name}`}
      description={
        <>
          The nightly forecasts and suggested orders run after this zone&apos;s midnight; the reorder digest leaves in its morning.
          {proposed ? ` Proposed from the address (${company.city}, ${company.state}).` : ''}
        </>
      }
      submitLabel="Save"
      onSubmit={() => { save.mutate(zone); }}
      ready={zone !== company.time_zone}
      pending={save.isPending}
      cancelDisabledWhilePending
      onClose={onClose}
    >
      <Autocomplete
        options={timeZoneNames()}
        value={zone}
        onChange={(_event, value) => { setZone(value); }}
        autoHighlight
        renderInput={(params) => <TextField {...params} label="Time zone" error={Boolean(problem)} helperText={problem ?? 'Leave empty to keep UTC'} />}
      />
    </ActionDialog>
  );
}
