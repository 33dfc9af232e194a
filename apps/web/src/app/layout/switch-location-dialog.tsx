import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useQuery } from '@tanstack/react-query';
import { PageLoader } from '../../components/page-loader';
import { useNotify } from '../../components/notifications/use-notify';
import { errorMessage } from '../../lib/api-client';
import { ALL_LOCATIONS_PAGE, byOpeningOrder, companiesQueryOptions } from '../../lib/companies';
import { useSwitchLocation } from './switch-location-api';

interface SwitchLocationDialogProps {
  open: boolean;
  currentCompanyId: string | null;
  onClose: () => void;
}

export function SwitchLocationDialog({ open, currentCompanyId, onClose }: SwitchLocationDialogProps) {
  const notify = useNotify();
  const locations = useQuery({ ...companiesQueryOptions(ALL_LOCATIONS_PAGE), enabled: open });
  const switchLocation = useSwitchLocation();
  const [choice, setChoice] = useState<string | null>(null);
  const selected = choice ?? currentCompanyId ?? '';

  const close = () => {
    setChoice(null);
    onClose();
  };

  const submit = () => {
    switchLocation.mutate(
      { company_id: selected },
      {
        onSuccess: () => {
          const location = locations.data?.results.find((company) => company.id === selected);
          notify.success(location ? `Switched to ${location.name}` : 'Location switched');
          close();
        },
        onError: (error) => { notify.error(errorMessage(error, 'Could not switch location. Please try again.')); },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="switch-location-title">
      <DialogTitle id="switch-location-title">Switch Location</DialogTitle>
      <DialogContent>
        {locations.isPending ? <PageLoader label="Loading locations" /> : null}
        {locations.isError ? (
          <Alert severity="error">{errorMessage(locations.error, 'Could not load locations.')}</Alert>
        ) : null}
        {locations.data ? (
          <RadioGroup
            aria-labelledby="switch-location-title"
            name="location"
            value={selected}
            onChange={(_event, value) => { setChoice(value); }}
          >
            {locations.data.results.slice().sort(byOpeningOrder).map((company, index) => (
              <FormControlLabel
                key={company.id}
                value={company.id}
                control={<Radio />}
                label={`Location ${String(index + 1)} - ${company.city}, ${company.state}`}
              />
            ))}
          </RadioGroup>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!selected || selected === currentCompanyId}
          loading={switchLocation.isPending}
        >
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
