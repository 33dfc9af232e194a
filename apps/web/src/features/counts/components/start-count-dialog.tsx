import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { COUNT_MESSAGES, COUNT_SCOPE_LABELS, COUNT_SCOPES, type Category, type CountScope, type Page } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { PlaceSelect } from '../../../components/place-select';
import { useNotify } from '../../../components/notifications/use-notify';
import { api, ApiError, errorMessage } from '../../../lib/api-client';
import { defaultPlaceOf, placesQueryOptions } from '../../../lib/places';
import { useStartCount } from '../api/counts-api';

/**
 * A location admin starts a count: the whole location, a category, a place or the A items. The
 * sheet holds the lots in scope with units left now; staff then count them, blind.
 */
export function StartCountDialog({ onClose }: { onClose: () => void }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const start = useStartCount();
  const [scope, setScope] = useState<CountScope>('location');
  const [categoryId, setCategoryId] = useState('');
  const [placeId, setPlaceId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const places = useQuery(placesQueryOptions());
  const categories = useQuery({
    queryKey: ['categories', 'count-picker'] as const,
    queryFn: async ({ signal }) => (await api.get<Page<Category>>('category', { query: { perPage: 100 }, signal })).results,
    enabled: scope === 'category',
    staleTime: 60_000,
  });

  const submit = () => {
    if (scope === 'category' && !categoryId) {
      setErrors({ category_id: COUNT_MESSAGES.categoryRequired });
      return;
    }
    // The picker shows the default place until another is chosen: that is the place counted.
    const place = placeId || defaultPlaceOf(places.data)?.id;
    start.mutate(
      { scope, ...(scope === 'category' ? { category_id: categoryId } : {}), ...(scope === 'place' && place ? { place_id: place } : {}) },
      {
        onSuccess: (count) => {
          notify.success(COUNT_MESSAGES.started);
          onClose();
          void navigate(`/counts/${count.id}`);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.errors : [];
          if (fields.length > 0) setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
          else setErrors({ scope: errorMessage(error, 'Could not start the count') });
        },
      },
    );
  };

  return (
    <ActionDialog
      form
      title="Start a count"
      description="Staff count what is on the shelf without seeing the books; you approve the differences at the end."
      submitLabel="Start count"
      onSubmit={submit}
      pending={start.isPending}
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField
        select
        label="What to count"
        value={scope}
        onChange={(e) => {
          setScope(e.target.value as CountScope);
          setErrors({});
        }}
        error={Boolean(errors.scope)}
        helperText={errors.scope}
      >
        {COUNT_SCOPES.map((s) => (
          <MenuItem key={s} value={s}>
            {COUNT_SCOPE_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      {scope === 'category' ? (
        <TextField
          select
          label="Category"
          value={categoryId}
          onChange={(e) => {
            setCategoryId(e.target.value);
            setErrors({});
          }}
          disabled={categories.isPending}
          error={Boolean(errors.category_id)}
          helperText={errors.category_id}
        >
          {(categories.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {scope === 'place' ? <PlaceSelect value={placeId} onChange={setPlaceId} label="Place to count" error={errors.place_id} /> : null}
    </ActionDialog>
  );
}
