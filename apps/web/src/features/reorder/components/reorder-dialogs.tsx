import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import {
  DIGEST_CHOICE_LABELS,
  DIGEST_CHOICES,
  PinReorderLevelsSchema,
  REORDER_MESSAGES,
  ReorderSettingsSchema,
  type ProductReorder,
  type ReorderDigest,
  type ReorderSettings,
} from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { categoryFillRatesQueryOptions, reorderDigestQueryOptions, usePinLevels, useSaveReorderDigest, useSaveReorderSettings } from '../api/reorder-api';
import { fillText } from './fill-text';

type DigestChoice = ReorderDigest['frequency'];

type Errors = Record<string, string>;
const fieldErrors = (error: unknown, fallbackField: string, fallback: string): Errors => {
  const fields = error instanceof ApiError ? error.errors : [];
  return fields.length > 0 ? Object.fromEntries(fields.map((f) => [f.field, f.message])) : { [fallbackField]: errorMessage(error, fallback) };
};
const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Levels set by hand for this product here; "Follow the forecast" clears them. */
export function PinLevelsDialog({ productId, facts, onClose }: { productId: string; facts: ProductReorder; onClose: () => void }) {
  const notify = useNotify();
  const pin = usePinLevels(productId);
  const [reorderPoint, setReorderPoint] = useState(String(facts.reorder_point));
  const [orderUpTo, setOrderUpTo] = useState(String(facts.order_up_to));
  const [errors, setErrors] = useState<Errors>({});
  const save = (levels: { reorder_point: number; order_up_to: number } | null) =>
    pin.mutate(levels, {
      onSuccess: () => {
        notify.success(levels ? REORDER_MESSAGES.levelsPinned : REORDER_MESSAGES.levelsUnpinned);
        onClose();
      },
      onError: (error) => { setErrors(fieldErrors(error, 'reorder_point', 'Could not save the levels')); },
    });
  const submit = () => {
    const parsed = PinReorderLevelsSchema.safeParse({ reorder_point: numberOrUndefined(reorderPoint), order_up_to: numberOrUndefined(orderUpTo) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    save(parsed.data);
  };
  return (
    <ActionDialog
      form
      title="Set levels by hand"
      description="Order when the shelf and what is on order fall to the reorder point, up to the second level. They replace the forecast's until you clear them."
      submitLabel="Save levels"
      onSubmit={submit}
      pending={pin.isPending}
      onClose={onClose}
      maxWidth="xs"
      extraActions={facts.pinned ? <Button onClick={() => { save(null); }} disabled={pin.isPending} sx={{ mr: 'auto' }}>Follow the forecast</Button> : null}
    >
      <TextField label="Reorder point (units)" value={reorderPoint} onChange={(e) => { setReorderPoint(e.target.value); setErrors({}); }} error={Boolean(errors.reorder_point)} helperText={errors.reorder_point} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <TextField label="Order up to (units)" value={orderUpTo} onChange={(e) => { setOrderUpTo(e.target.value); setErrors({}); }} error={Boolean(errors.order_up_to)} helperText={errors.order_up_to} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
    </ActionDialog>
  );
}

/**
 * The location's fill rate (issue 51, in percent here), cost per order and holding rate, and the
 * days an order covers when a product has no price yet, for its admins; and the admin's own
 * reorder digest e-mail at this location (saved only when changed, each through its API).
 */
export function ReorderSettingsDialog({ settings, onClose }: { settings: ReorderSettings; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveReorderSettings();
  const digest = useQuery(reorderDigestQueryOptions());
  const categoryTargets = useQuery(categoryFillRatesQueryOptions());
  const saveDigest = useSaveReorderDigest();
  const [percent, setPercent] = useState(String(Math.round((settings.fill_rate ?? 0.99) * 1000) / 10));
  const [orderCost, setOrderCost] = useState(String(settings.order_cost ?? 15));
  const [holding, setHolding] = useState(String(Math.round((settings.holding_rate ?? 0.25) * 1000) / 10));
  const [reviewDays, setReviewDays] = useState(String(settings.review_days));
  const [frequency, setFrequency] = useState<DigestChoice | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const shownFrequency = frequency ?? digest.data?.frequency ?? 'off';
  const submit = async () => {
    const fill = numberOrUndefined(percent);
    const rate = numberOrUndefined(holding);
    const parsed = ReorderSettingsSchema.safeParse({
      service_level: settings.service_level,
      review_days: numberOrUndefined(reviewDays),
      fill_rate: fill === undefined ? undefined : Math.round(fill * 10) / 1000,
      order_cost: numberOrUndefined(orderCost),
      holding_rate: rate === undefined ? undefined : Math.round(rate * 10) / 1000,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    const settingsChanged =
      parsed.data.review_days !== settings.review_days || parsed.data.fill_rate !== settings.fill_rate || parsed.data.order_cost !== settings.order_cost || parsed.data.holding_rate !== settings.holding_rate;
    const digestChanged = frequency !== null && frequency !== digest.data?.frequency;
    try {
      if (settingsChanged) await save.mutateAsync(parsed.data);
    } catch (error) {
      setErrors(fieldErrors(error, 'fill_rate', 'Could not save the settings'));
      return;
    }
    try {
      if (digestChanged) await saveDigest.mutateAsync({ frequency });
    } catch (error) {
      setErrors(fieldErrors(error, 'frequency', 'Could not save the digest e-mail'));
      return;
    }
    if (settingsChanged || digestChanged) notify.success(settingsChanged ? REORDER_MESSAGES.settingsSaved : REORDER_MESSAGES.digestSaved);
    onClose();
  };
  const pending = save.isPending || saveDigest.isPending;
  return (
    <ActionDialog
      form
      title="Reorder settings"
      description="For every product of this location: the share of what is asked for the shelf should serve, and what an order and a dollar of stock cost, which set how much to order at a time."
      submitLabel="Save"
      onSubmit={() => void submit()}
      pending={pending}
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField label="Fill rate (%)" value={percent} onChange={(e) => { setPercent(e.target.value); setErrors({}); }} error={Boolean(errors.fill_rate)} helperText={errors.fill_rate ?? '99% of units served by default'} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      {categoryTargets.data && categoryTargets.data.length > 0 ? (
        <Typography variant="body2" color="text.secondary" aria-label="Categories with their own target">
          {`Their own target: ${categoryTargets.data.map((c) => `${c.category_name} ${fillText(c.fill_rate)}`).join(', ')}. Set on a product's Reorder panel; a product's own target wins over both.`}
        </Typography>
      ) : null}
      <TextField label="Cost per order ($)" value={orderCost} onChange={(e) => { setOrderCost(e.target.value); setErrors({}); }} error={Boolean(errors.order_cost)} helperText={errors.order_cost ?? 'Staff time and handling, counted once per supplier order; $15 by default'} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField label="Holding rate (% a year)" value={holding} onChange={(e) => { setHolding(e.target.value); setErrors({}); }} error={Boolean(errors.holding_rate)} helperText={errors.holding_rate ?? 'What a dollar of stock costs to keep a year; 25% by default'} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField label="Days between orders" value={reviewDays} onChange={(e) => { setReviewDays(e.target.value); setErrors({}); }} error={Boolean(errors.review_days)} helperText={errors.review_days ?? 'For products with no price yet; 7 by default'} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
      <FormControl component="fieldset" error={Boolean(errors.frequency) || digest.isError} disabled={!digest.data}>
        <FormLabel component="legend" id="reorder-digest-label">
          Reorder digest e-mail
        </FormLabel>
        <RadioGroup row aria-labelledby="reorder-digest-label" name="frequency" value={shownFrequency} onChange={(_event, value) => { setFrequency(value as DigestChoice); setErrors({}); }}>
          {DIGEST_CHOICES.map((choice) => (
            <FormControlLabel key={choice} value={choice} control={<Radio />} label={DIGEST_CHOICE_LABELS[choice]} />
          ))}
        </RadioGroup>
        <FormHelperText>
          {errors.frequency ?? (digest.isError ? errorMessage(digest.error, 'Could not load your digest e-mail choice') : 'Sent to you for this location: items at risk, lots expiring and the suggested order waiting.')}
        </FormHelperText>
      </FormControl>
    </ActionDialog>
  );
}
