import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { TREATMENT_MESSAGES, type Treatment } from '@clinic/domain';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { ProductSearchPicker, type ProductOption } from '../../../components/product-search-picker';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { treatmentCategoriesQueryOptions, treatmentQueryOptions, useSaveTreatment } from '../api/treatments-api';
import { draftOf, treatmentRequestOf, type TreatmentDraft } from '../treatment-form';

/** The form itself, once the treatment (if any) is loaded. */
function TreatmentForm({ treatment, categoryId }: { treatment?: Treatment | undefined; categoryId: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const save = useSaveTreatment();
  const categories = useQuery(treatmentCategoriesQueryOptions('', 1, 100));
  const [draft, setDraft] = useState<TreatmentDraft>(() => draftOf(treatment, categoryId));
  const [picked, setPicked] = useState<ProductOption | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const { request, errors } = treatmentRequestOf(draft);
  const shown = (key: string) => (submitted ? errors[key] : undefined);
  const set = (change: Partial<TreatmentDraft>) => { setDraft((d) => ({ ...d, ...change })); };

  const addProduct = (product: ProductOption | null) => {
    setPicked(null);
    if (!product || draft.tray.some((row) => row.productId === product.id)) return;
    set({ tray: [...draft.tray, { productId: product.id, productName: product.name, quantity: '1' }] });
  };

  const submit = () => {
    setSubmitted(true);
    if (!request) return;
    save.mutate(
      { id: treatment?.id, body: request },
      {
        onSuccess: (saved) => {
          notify.success(treatment ? TREATMENT_MESSAGES.updated : TREATMENT_MESSAGES.created);
          void navigate(`/treatment/design/${saved.id}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) notify.error(TREATMENT_MESSAGES.exists);
          else notify.error(errorMessage(error, treatment ? TREATMENT_MESSAGES.updateFailed : TREATMENT_MESSAGES.createFailed));
        },
      },
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <PageHeader title={treatment ? `Edit ${treatment.treatment_code}` : 'New treatment'} subtitle="A code, a name and the tray of products one visit uses." />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '180px 1fr 160px' } }}>
          <TextField label="Treatment code" required value={draft.treatment_code} onChange={(e) => { set({ treatment_code: e.target.value }); }} error={Boolean(shown('treatment_code'))} helperText={shown('treatment_code')} />
          <TextField label="Name" required value={draft.name} onChange={(e) => { set({ name: e.target.value }); }} error={Boolean(shown('name'))} helperText={shown('name')} />
          <TextField label="Abbreviation" value={draft.abbreviation} onChange={(e) => { set({ abbreviation: e.target.value }); }} error={Boolean(shown('abbreviation'))} helperText={shown('abbreviation')} />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' } }}>
          <TextField select label="Category" value={draft.categoryId} onChange={(e) => { set({ categoryId: e.target.value }); }}>
            <MenuItem value="">No category</MenuItem>
            {(categories.data?.results ?? []).map((category) => (
              <MenuItem key={category.id} value={category.id}>
                {category.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Description" value={draft.description} onChange={(e) => { set({ description: e.target.value }); }} multiline />
        </Box>
      </Paper>

      <Paper component="section" aria-labelledby="tray-title" sx={{ p: 2, mb: 2 }}>
        <Typography id="tray-title" variant="h2" sx={{ mb: 1 }}>
          Tray
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          The products a visit uses and how many units of each; they can still be changed at the chair.
        </Typography>
        <ProductSearchPicker value={picked} onChange={addProduct} label="Add a product to the tray" exclude={new Set(draft.tray.map((row) => row.productId))} />
        {draft.tray.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            No products yet.
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, mt: 2, mb: 0 }}>
            {draft.tray.map((row) => (
              <Box component="li" key={row.productId} aria-label={row.productName} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <Typography sx={{ flex: 1, minWidth: 200, pt: 1 }}>{row.productName}</Typography>
                <TextField
                  size="small"
                  type="number"
                  label="Units"
                  value={row.quantity}
                  onChange={(e) => { set({ tray: draft.tray.map((r) => (r.productId === row.productId ? { ...r, quantity: e.target.value } : r)) }); }}
                  onKeyDown={blockNonNumericKeys}
                  error={Boolean(shown(`tray.${row.productId}`))}
                  helperText={shown(`tray.${row.productId}`)}
                  slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } }}
                  sx={{ width: 130 }}
                />
                <IconButton aria-label={`Remove ${row.productName} from the tray`} onClick={() => { set({ tray: draft.tray.filter((r) => r.productId !== row.productId) }); }}>
                  <DeleteOutlined />
                </IconButton>
              </Box>
            ))}
          </Stack>
        )}
      </Paper>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => { void navigate(-1); }} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          Save treatment
        </Button>
      </Stack>
    </Box>
  );
}

/** /treatment/form (new, optionally ?category_id=) and /treatment/form/{id} (edit). */
export function TreatmentFormPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const treatment = useQuery({ ...treatmentQueryOptions(id ?? ''), enabled: Boolean(id) });
  if (id && treatment.isPending) return <PageLoader />;
  if (id && treatment.isError) return <Alert severity="error">{errorMessage(treatment.error, 'Could not load the treatment.')}</Alert>;
  return <TreatmentForm key={id ?? 'new'} treatment={id ? treatment.data : undefined} categoryId={params.get('category_id') ?? ''} />;
}
