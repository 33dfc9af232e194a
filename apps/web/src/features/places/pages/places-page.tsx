import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useQuery } from '@tanstack/react-query';
import { PLACE_MESSAGES, PLACE_NAME_MAX, PlaceNameSchema, type Place } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { unitCount } from '../../../lib/format';
import { placesQueryOptions } from '../../../lib/places';
import { useCreatePlace, useRenamePlace, useRetirePlace } from '../api/places-api';

/** Add a place, or rename one: a name unique at the location (the server says so when it is not). */
function PlaceNameDialog({ place, onClose }: { place?: Place | undefined; onClose: () => void }) {
  const notify = useNotify();
  const create = useCreatePlace();
  const rename = useRenamePlace();
  const [name, setName] = useState(place?.name ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const parsed = PlaceNameSchema.safeParse(name);
  const error = serverError ?? (touched && !parsed.success ? parsed.error.issues[0]?.message : undefined);
  const pending = create.isPending || rename.isPending;
  const handlers = (success: string) => ({
    onSuccess: () => {
      notify.success(success);
      onClose();
    },
    onError: (e: Error) => { setServerError(errorMessage(e, 'Could not save the place')); },
  });
  const submit = () => {
    setTouched(true);
    if (!parsed.success) return;
    if (place) rename.mutate({ id: place.id, body: { name: parsed.data } }, handlers(PLACE_MESSAGES.renamed));
    else create.mutate({ name: parsed.data }, handlers(PLACE_MESSAGES.created));
  };
  return (
    <ActionDialog form title={place ? `Rename ${place.name}` : 'Add a place'} submitLabel={place ? 'Rename' : 'Add'} onSubmit={submit} pending={pending} onClose={onClose} maxWidth="xs">
      <TextField
        autoFocus
        fullWidth
        label="Name"
        required
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setServerError(null);
        }}
        placeholder="Operatory 2, Sterilization…"
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: PLACE_NAME_MAX } }}
      />
    </ActionDialog>
  );
}

type Editing = { kind: 'add' } | { kind: 'rename' | 'retire'; place: Place };

/**
 * Storage places of the location (issue 34): where its lots sit, with the units each holds. A
 * location admin adds, renames and retires them; a place still holding units is emptied first
 * (Stock Room, "Move to another place"), and the default place stays.
 */
export function PlacesPage() {
  const notify = useNotify();
  const places = useQuery(placesQueryOptions(true));
  const retire = useRetirePlace();
  const [editing, setEditing] = useState<Editing | null>(null);
  const close = () => { setEditing(null); };

  const confirmRetire = (place: Place) =>
    retire.mutate(place.id, {
      onSuccess: () => {
        notify.success(PLACE_MESSAGES.retiredDone);
        close();
      },
      onError: (error) => {
        notify.error(errorMessage(error, 'Could not retire the place'));
        close();
      },
    });

  return (
    <Box>
      <PageHeader
        title="Storage places"
        subtitle="Where this location keeps its stock. New lots go to the default place unless another is chosen."
        actions={
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => { setEditing({ kind: 'add' }); }}>
            Add a place
          </Button>
        }
      />
      {places.isError ? <Typography color="error">{errorMessage(places.error, 'Could not load the places.')}</Typography> : null}
      <Paper sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Storage places">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell align="right">Units on hand</TableCell>
              <TableCell align="right">Lots</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(places.data ?? []).map((place) => {
              const retired = place.retired_at !== null;
              return (
                <TableRow key={place.id} aria-label={place.name} sx={retired ? { '& td': { color: 'text.disabled' } } : undefined}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <span>{place.name}</span>
                      {place.is_default ? <Chip size="small" label="Default" variant="outlined" /> : null}
                      {retired ? <Chip size="small" label="Retired" /> : null}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{unitCount(place.units)}</TableCell>
                  <TableCell align="right">{place.lots}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {retired ? null : (
                      <>
                        <Button size="small" aria-label={`Rename ${place.name}`} onClick={() => { setEditing({ kind: 'rename', place }); }}>
                          Rename
                        </Button>
                        {place.is_default ? null : (
                          <Button size="small" color="error" aria-label={`Retire ${place.name}`} onClick={() => { setEditing({ kind: 'retire', place }); }}>
                            Retire
                          </Button>
                        )}
                      </>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
      {editing?.kind === 'add' ? <PlaceNameDialog onClose={close} /> : null}
      {editing?.kind === 'rename' ? <PlaceNameDialog place={editing.place} onClose={close} /> : null}
      <ConfirmDialog
        open={editing?.kind === 'retire'}
        title="Retire this place?"
        message={
          editing?.kind === 'retire'
            ? editing.place.units > 0
              ? PLACE_MESSAGES.retireHoldsUnits(editing.place.name, editing.place.units)
              : `${editing.place.name} will no longer be offered for new lots or moves. Its history stays.`
            : ''
        }
        confirmLabel="Retire"
        destructive
        loading={retire.isPending}
        onConfirm={() => { if (editing?.kind === 'retire') confirmRetire(editing.place); }}
        onClose={close}
      />
    </Box>
  );
}
