import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { SUGGESTION_MESSAGES, UpdateSuggestedLineSchema, orderShipping, type SuggestedChoice, type SuggestedLine, type SuggestedOrder, type VendorRef } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { tableCardsSx } from '../../../components/table-cards-sx';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDollars } from '../../../lib/format';

const COLUMNS = [
  { label: 'Product' },
  { label: 'Vendor' },
  { label: 'Packs' },
  { label: 'Total' },
  { label: 'Remove', srOnly: true },
];

const choiceKey = (c: { vendor: { id: string }; sku: string | null }) => `${c.vendor.id}|${c.sku ?? ''}`;
const choiceLabel = (c: SuggestedChoice) =>
  `${c.vendor.name}${c.sku ? ` · ${c.sku}` : ' · last delivery'} · ${formatDollars(c.price)} per ${String(c.pack_size)} units (${formatDollars(c.unit_price)} each)${c.in_stock ? '' : ' · out of stock'}`;
/** What the closed select shows: short enough for a table cell. */
const choiceShort = (c: SuggestedChoice | undefined) => (c ? `${c.vendor.name} · ${formatDollars(c.price)} / ${String(c.pack_size)}` : '');
const units = (n: number) => Number(n.toFixed(1)).toLocaleString('en-US');

/** Issue 51: what this vendor's order pays for shipping, counted once, and what would ship it free. */
function shippingText(total: number, terms: SuggestedOrder['shipping'][number]): string {
  const { fee, shortOfFree } = orderShipping(total, terms);
  const from = terms.free_shipping_over === null ? '' : ` (from ${formatDollars(terms.free_shipping_over)})`;
  if (fee === 0) return terms.shipping_fee > 0 ? `Ships free${from}` : 'No shipping fee';
  return shortOfFree === null ? `Shipping ${formatDollars(fee)} on this order` : `Shipping ${formatDollars(fee)} on this order; ${formatDollars(shortOfFree)} more ships it free${from}`;
}

export interface LineChange {
  quantity?: number;
  choice?: { vendor_id: string; sku: string | null };
}

/** The packs of a line as typed: saved on Enter or leaving the field, refused here with the API's wording. */
function PacksField({ line, disabled, onSave }: { line: SuggestedLine; disabled: boolean; onSave: (quantity: number) => void }) {
  const [text, setText] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    if (text === String(line.quantity)) return;
    const parsed = UpdateSuggestedLineSchema.safeParse({ quantity: text.trim() === '' ? undefined : Number(text) });
    if (!parsed.success || parsed.data.quantity === undefined) {
      setError(SUGGESTION_MESSAGES.quantityRange);
      return;
    }
    onSave(parsed.data.quantity);
  };
  return (
    <TextField
      size="small"
      value={text}
      disabled={disabled}
      onChange={(e) => { setText(e.target.value); setError(null); }}
      onBlur={save}
      onKeyDown={(e) => { if (e.key === 'Enter') save(); }}
      error={Boolean(error)}
      helperText={error ?? `${units(line.units)} units`}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': `Packs of ${line.product.name}` } }}
      sx={{ width: 110 }}
    />
  );
}

/**
 * One vendor's share of the suggested order: each product's position, its levels, the vendor it is
 * routed to (any other offer can be chosen), the packs, and what it costs. Admins edit and order;
 * others read.
 */
export function VendorGroup({
  vendor,
  lines,
  editable,
  busy,
  onChange,
  onRemove,
  onOrder,
  shipping,
}: {
  vendor: VendorRef;
  lines: SuggestedLine[];
  /** The vendor's shipping terms at this location, when set. */
  shipping?: SuggestedOrder['shipping'][number] | undefined;
  editable: boolean;
  busy: boolean;
  onChange: (line: SuggestedLine, change: LineChange) => void;
  onRemove: (line: SuggestedLine) => void;
  onOrder: () => void;
}) {
  const total = lines.reduce((sum, l) => sum + l.total, 0);
  const titleId = `vendor-${vendor.id}-title`;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={titleId} variant="h2">
          {vendor.name}
        </Typography>
        <Chip size="small" label={vendor.kind === 'distributor' ? 'Distributor' : 'Supplier'} />
        <Typography color="text.secondary">
          {lines.length} {lines.length === 1 ? 'product' : 'products'} · {formatDollars(total)}
        </Typography>
        {shipping ? (
          <Typography color="text.secondary" variant="body2" aria-label={`Shipping from ${vendor.name}`}>
            {shippingText(total, shipping)}
          </Typography>
        ) : null}
        {editable ? (
          <Button variant="outlined" sx={{ ml: 'auto', minHeight: 44 }} onClick={onOrder} disabled={busy} aria-label={`Order from ${vendor.name} (${formatDollars(total)})`}>
            Order from {vendor.name}
          </Button>
        ) : null}
      </Box>
      {/* Positioned: the phone layout's hidden header is placed (and clipped) in the card, not the page. */}
      <Paper sx={{ overflow: 'hidden', position: 'relative' }}>
        <TableContainer>
          <Table size="small" aria-label={`Suggested from ${vendor.name}`} sx={tableCardsSx(COLUMNS)}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((c) => (
                  // The hidden caption is placed in its cell, not the page: the table scrolls, the page does not.
                  <TableCell key={c.label} sx={c.srOnly ? { width: 56, position: 'relative' } : undefined}>
                    {c.srOnly ? <span style={visuallyHidden}>{c.label}</span> : c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.id}>
                  <TableCell sx={{ minWidth: 180 }}>
                    {/* One block: on a phone the card lays its cell's children in a row. */}
                    <Box>
                      <AppLink to={`/products/${line.product.id}`}>{line.product.name}</AppLink>
                      {line.edited ? <Chip size="small" variant="outlined" label="Edited" sx={{ ml: 1 }} /> : null}
                      <Typography variant="body2" color="text.secondary">
                        {units(line.usable_units)} on hand{line.on_order_units > 0 ? ` + ${units(line.on_order_units)} ordered` : ''} · reorder at {line.reorder_point}, up to {line.order_up_to}
                      </Typography>
                      {line.why ? (
                        <Typography variant="caption" color="text.secondary" component="p" sx={{ maxWidth: 420 }}>
                          Why: {line.why}
                        </Typography>
                      ) : null}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ minWidth: 200, maxWidth: 260 }}>
                    {editable && line.choices.length > 1 ? (
                      <TextField
                        select
                        size="small"
                        fullWidth
                        label="Vendor"
                        value={choiceKey({ vendor: line.vendor!, sku: line.sku })}
                        disabled={busy}
                        onChange={(e) => {
                          const choice = line.choices.find((c) => choiceKey(c) === e.target.value);
                          if (choice) onChange(line, { choice: { vendor_id: choice.vendor.id, sku: choice.sku } });
                        }}
                        slotProps={{
                          htmlInput: { 'aria-label': `Vendor for ${line.product.name}` },
                          select: { renderValue: (value) => choiceShort(line.choices.find((c) => choiceKey(c) === value)) },
                        }}
                      >
                        {line.choices.map((c) => (
                          <MenuItem key={choiceKey(c)} value={choiceKey(c)}>
                            {choiceLabel(c)}
                          </MenuItem>
                        ))}
                      </TextField>
                    ) : (
                      <Typography variant="body2">
                        {line.sku ? `${line.sku} · ` : 'Last delivery · '}
                        {formatDollars(line.price)} per {line.pack_size} units
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {editable ? (
                      <PacksField key={line.quantity} line={line} disabled={busy} onSave={(quantity) => { onChange(line, { quantity }); }} />
                    ) : (
                      `${String(line.quantity)} (${units(line.units)} units)`
                    )}
                  </TableCell>
                  <TableCell>{formatDollars(line.total)}</TableCell>
                  <TableCell>
                    {editable ? (
                      <Tooltip title="Remove from the suggested order">
                        <IconButton aria-label={`Remove ${line.product.name}`} onClick={() => { onRemove(line); }} disabled={busy} sx={{ width: 44, height: 44 }}>
                          <DeleteOutlined />
                        </IconButton>
                      </Tooltip>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}
