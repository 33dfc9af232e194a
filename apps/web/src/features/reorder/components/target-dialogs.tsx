import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { FillRateTargetSchema, REORDER_MESSAGES, SupplierShippingSchema, type ProductReorder } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSaveCategoryFillRate, useSaveProductFillRate, useSaveSupplierShipping } from '../api/reorder-api';
import { fillText } from './fill-text';

type Errors = Record<string, string>;
const fieldErrors = (error: unknown, field: string, fallback: string): Errors => {
  const fields = error instanceof ApiError ? error.errors : [];
  return fields.length > 0 ? Object.fromEntries(fields.map((f) => [field, f.message])) : { [field]: errorMessage(error, fallback) };
};
const percentText = (rate: number | null | undefined) => (rate === null || rate === undefined ? '' : String(Math.round(rate * 1000) / 10));
/** A percent field as a rate: empty is "none set" (null), anything else is checked by the schema. */
const rateOf = (text: string): number | null => (text.trim() === '' ? null : Math.round(Number(text) * 10) / 1000);

/**
 * Issue 51: a fill-rate target for this product here, and for its category here, over the
 * location's. An empty field is no target of its own: the next one down applies. Who may edit the
 * product sets the product's; the location's admins set the category's.
 */
export function FillTargetDialog({ facts, canSetProduct, canSetCategory, onClose }: { facts: ProductReorder; canSetProduct: boolean; canSetCategory: boolean; onClose: () => void }) {
  const notify = useNotify();
  const saveProduct = useSaveProductFillRate(facts.product_id);
  const saveCategory = useSaveCategoryFillRate();
  const category = facts.fill_rates.category;
  const [product, setProduct] = useState(percentText(facts.fill_rates.product));
  const [categoryText, setCategoryText] = useState(percentText(category?.fill_rate));
  const [errors, setErrors] = useState<Errors>({});
  const checked = (text: string, field: string): { ok: true; rate: number | null } | { ok: false } => {
    const rate = rateOf(text);
    if (rate === null) return { ok: true, rate };
    const parsed = FillRateTargetSchema.safeParse({ fill_rate: rate });
    if (parsed.success) return { ok: true, rate: parsed.data.fill_rate };
    setErrors((e) => ({ ...e, [field]: parsed.error.issues[0]?.message ?? REORDER_MESSAGES.fillRateRange }));
    return { ok: false };
  };
  const submit = async () => {
    setErrors({});
    const own = canSetProduct ? checked(product, 'product') : ({ ok: true, rate: facts.fill_rates.product } as const);
    const ofCategory = canSetCategory && category ? checked(categoryText, 'category') : ({ ok: true, rate: category?.fill_rate ?? null } as const);
    if (!own.ok || !ofCategory.ok) return;
    try {
      if (canSetCategory && category && ofCategory.rate !== category.fill_rate) await saveCategory.mutateAsync({ categoryId: category.id, target: ofCategory.rate === null ? null : { fill_rate: ofCategory.rate } });
    } catch (error) {
      setErrors(fieldErrors(error, 'category', 'Could not save the category\'s target'));
      return;
    }
    try {
      if (canSetProduct && own.rate !== facts.fill_rates.product) await saveProduct.mutateAsync(own.rate === null ? null : { fill_rate: own.rate });
    } catch (error) {
      setErrors(fieldErrors(error, 'product', 'Could not save the product\'s target'));
      return;
    }
    notify.success(own.rate === null && ofCategory.rate === null ? REORDER_MESSAGES.fillTargetCleared : REORDER_MESSAGES.fillTargetSaved);
    onClose();
  };
  const categoryNote = category?.fill_rate != null ? `${category.name}: ${fillText(category.fill_rate)}` : `the location's ${fillText(facts.fill_rates.location)}`;
  return (
    <ActionDialog
      form
      title="Fill-rate target"
      description={`The share of units asked for the shelf should serve. The location's target is ${fillText(facts.fill_rates.location)}; a category's target overrides it, and a product's own overrides both.`}
      submitLabel="Save"
      onSubmit={() => void submit()}
      pending={saveProduct.isPending || saveCategory.isPending}
      onClose={onClose}
      maxWidth="xs"
    >
      {canSetProduct ? (
        <TextField
          label="This product (%)"
          value={product}
          onChange={(e) => { setProduct(e.target.value); setErrors({}); }}
          error={Boolean(errors.product)}
          helperText={errors.product ?? `Empty: follows ${categoryNote}`}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      ) : null}
      {category && canSetCategory ? (
        <TextField
          label={`Category ${category.name} (%)`}
          value={categoryText}
          onChange={(e) => { setCategoryText(e.target.value); setErrors({}); }}
          error={Boolean(errors.category)}
          helperText={errors.category ?? `Every product of ${category.name} here; empty: the location's ${fillText(facts.fill_rates.location)}`}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      ) : null}
    </ActionDialog>
  );
}

/**
 * Issue 51: what the product's supplier charges this location to ship an order, and the order
 * value from which shipping is free; both empty: no terms (the cost per order alone).
 */
export function ShippingDialog({ supplierId, supplierName, shipping, onClose }: { supplierId: string; supplierName: string; shipping: ProductReorder['shipping']; onClose: () => void }) {
  const notify = useNotify();
  const save = useSaveSupplierShipping(supplierId);
  const [fee, setFee] = useState(shipping ? String(shipping.shipping_fee) : '');
  const [freeOver, setFreeOver] = useState(shipping?.free_shipping_over != null ? String(shipping.free_shipping_over) : '');
  const [errors, setErrors] = useState<Errors>({});
  const submit = async () => {
    const cleared = fee.trim() === '' && freeOver.trim() === '';
    let terms = null;
    if (!cleared) {
      const parsed = SupplierShippingSchema.safeParse({ shipping_fee: fee.trim() === '' ? undefined : Number(fee), free_shipping_over: freeOver.trim() === '' ? null : Number(freeOver) });
      if (!parsed.success) {
        setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
        return;
      }
      terms = parsed.data;
    }
    try {
      await save.mutateAsync(terms);
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : [];
      setErrors(fields.length > 0 ? Object.fromEntries(fields.map((f) => [f.field, f.message])) : { shipping_fee: errorMessage(error, 'Could not save the shipping terms') });
      return;
    }
    notify.success(REORDER_MESSAGES.shippingSaved);
    onClose();
  };
  return (
    <ActionDialog
      form
      title={`Shipping from ${supplierName}`}
      description="What this supplier charges this location to ship an order, and the order value from which it ships free. Order sizes weigh the fee once per order; both empty: no shipping terms."
      submitLabel="Save"
      onSubmit={() => void submit()}
      pending={save.isPending}
      onClose={onClose}
      maxWidth="xs"
    >
      <TextField label="Shipping fee ($ an order)" value={fee} onChange={(e) => { setFee(e.target.value); setErrors({}); }} error={Boolean(errors.shipping_fee)} helperText={errors.shipping_fee} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField
        label="Free shipping from ($ an order)"
        value={freeOver}
        onChange={(e) => { setFreeOver(e.target.value); setErrors({}); }}
        error={Boolean(errors.free_shipping_over)}
        helperText={errors.free_shipping_over ?? 'Empty: shipping is never free'}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </ActionDialog>
  );
}
