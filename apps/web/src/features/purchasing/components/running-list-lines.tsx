import { useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { lineTotal, PRODUCT_REQUEST_URGENCY_LABELS, PURCHASING_MESSAGES, UpdateRunningListProductRequestSchema, type RunningListDetail, type RunningListProduct } from '@clinic/domain';
import { AppLink } from '../../../components/link';
import { ProductThumbnail } from '../../../components/product-thumbnail';
import { useNotify } from '../../../components/notifications/use-notify';
import { visuallyHidden } from '../../../components/visually-hidden';
import { errorMessage } from '../../../lib/api-client';
import { blockNonNumericKeys } from '../../../lib/forms';
import { formatDate, formatDollars } from '../../../lib/format';
import { useShownAtOnce } from '../../../lib/optimistic';
import { useUpdateRunningListProduct } from '../api/purchasing-api';

/**
 * A number cell saved when it loses focus (or on Enter), refused in the schema's words. It saves a
 * value once, and goes back to the saved value when the save fails.
 */
function NumberCell({ label, value, field, onSave, step }: { label: string; value: number; field: 'quantity' | 'price'; onSave: (value: number, onFail: () => void) => void; step: string }) {
  const [text, setText] = useState(String(value));
  const lastSent = useRef(value);
  const parsed = UpdateRunningListProductRequestSchema.safeParse({ [field]: text === '' ? undefined : Number(text) });
  const error = text === '' ? 'Required' : parsed.success ? undefined : parsed.error.issues[0]?.message;
  const commit = () => {
    if (error || Number(text) === lastSent.current) return;
    lastSent.current = Number(text);
    onSave(Number(text), () => {
      lastSent.current = value;
      setText(String(value));
    });
  };
  return (
    <TextField
      size="small"
      type="number"
      value={text}
      onChange={(e) => { setText(e.target.value); }}
      onBlur={commit}
      onKeyDown={(e) => {
        blockNonNumericKeys(e);
        if (e.key === 'Enter') commit();
      }}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { 'aria-label': label, min: field === 'quantity' ? 1 : 0, step, inputMode: field === 'quantity' ? 'numeric' : 'decimal' } }}
      sx={{ width: 110 }}
    />
  );
}

/** A line's High priority switch: the change shows from the click on and goes back if refused. */
function PrioritySwitch({ line, disabled, onSave }: { line: RunningListProduct; disabled: boolean; onSave: (highPriority: boolean, onRefused: () => void) => void }) {
  const { shown, show, forget } = useShownAtOnce(line.high_priority);
  return (
    <Switch
      checked={shown}
      disabled={disabled}
      onChange={(e) => {
        show(e.target.checked);
        onSave(e.target.checked, forget);
      }}
      slotProps={{ input: { 'aria-label': `High priority: ${line.product.name}` } }}
    />
  );
}

/** "Requested by Dana Lee" (and others, each once), for a line that came from Request Product. */
export function requestedBy(line: Pick<RunningListProduct, 'requested_by'>): string {
  const names = [...new Set(line.requested_by.map((r) => r.name))];
  return `Requested by ${names.join(', ')}`;
}

/** Each request in full, for the tooltip: who, how many, how urgent, the note. */
function requestDetails(line: RunningListProduct): string {
  return line.requested_by
    .map((r) => `${r.name}: ${String(r.quantity)} (${PRODUCT_REQUEST_URGENCY_LABELS[r.urgency].toLowerCase()}), ${formatDate(r.created_at)}${r.note ? ` - ${r.note}` : ''}`)
    .join('\n');
}

export interface RunningListLinesProps {
  list: RunningListDetail;
  editable: boolean;
  onRemove: (line: RunningListProduct) => void;
}

/** The products of a running list: quantity in containers, price per container, priority, line totals. */
export function RunningListLines({ list, editable, onRemove }: RunningListLinesProps) {
  const notify = useNotify();
  const update = useUpdateRunningListProduct(list.id);
  const save = (line: RunningListProduct, body: { quantity?: number; price?: number; high_priority?: boolean }, onFail?: () => void) =>
    update.mutate(
      { id: line.id, body },
      {
        onSuccess: () => { notify.success(PURCHASING_MESSAGES.productUpdated); },
        onError: (error) => {
          onFail?.();
          notify.error(errorMessage(error, PURCHASING_MESSAGES.updateFailed));
        },
      },
    );

  if (list.runningListProducts.length === 0) {
    return (
      <Paper sx={{ p: 3 }}>
        <Typography color="text.secondary">No products on this list yet.</Typography>
      </Paper>
    );
  }
  return (
    // Positioned, so the visually hidden header stays inside the scrolling box on phones.
    <TableContainer component={Paper} sx={{ position: 'relative' }}>
      <Table aria-label={`Products to order from ${list.supplier.name}`} sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell>High priority</TableCell>
            <TableCell align="right">Total</TableCell>
            {editable ? (
              <TableCell>
                <span style={visuallyHidden}>Actions</span>
              </TableCell>
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {list.runningListProducts.map((line) => (
            <TableRow key={line.id} hover>
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <ProductThumbnail url={line.product.product_image_url} />
                  <div>
                    <AppLink to={`/products/${line.product_id}`}>{line.product.name}</AppLink>
                    {line.requested_by.length > 0 ? (
                      <Typography variant="body2" color="text.secondary" title={requestDetails(line)}>
                        {requestedBy(line)}
                      </Typography>
                    ) : null}
                  </div>
                </Stack>
              </TableCell>
              <TableCell align="right">
                {editable ? <NumberCell key={`q${String(line.quantity)}`} label={`Quantity of ${line.product.name}`} field="quantity" value={line.quantity} step="1" onSave={(quantity, onFail) => { save(line, { quantity }, onFail); }} /> : line.quantity}
              </TableCell>
              <TableCell align="right">
                {editable ? <NumberCell key={`p${String(line.price)}`} label={`Price of ${line.product.name}`} field="price" value={line.price} step="0.01" onSave={(price, onFail) => { save(line, { price }, onFail); }} /> : formatDollars(line.price)}
              </TableCell>
              <TableCell>
                <PrioritySwitch
                  line={line}
                  disabled={!editable}
                  onSave={(highPriority, onRefused) => { save(line, { high_priority: highPriority }, onRefused); }}
                />
              </TableCell>
              <TableCell align="right">{formatDollars(lineTotal(line.quantity, line.price))}</TableCell>
              {editable ? (
                <TableCell>
                  <IconButton onClick={() => { onRemove(line); }} aria-label={`Remove ${line.product.name} from the running list`}>
                    <DeleteOutlined />
                  </IconButton>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={4} sx={{ fontWeight: 700 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {formatDollars(list.total)}
            </TableCell>
            {editable ? <TableCell /> : null}
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
