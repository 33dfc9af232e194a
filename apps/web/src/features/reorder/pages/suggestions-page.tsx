import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { can, SUGGESTION_MESSAGES, type OrderedSuggestions, type SuggestedLine, type VendorRef } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AppLink } from '../../../components/link';
import { PageHeader } from '../../../components/page-header';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatDollars } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { reorderSettingsQueryOptions } from '../api/reorder-api';
import { suggestionsQueryOptions, useOrderSuggestions, useRefreshSuggestions, useRemoveSuggestedLine, useUpdateSuggestedLine } from '../api/suggestions-api';
import { AutoSendDialog } from '../components/auto-send-dialog';
import { ReorderSettingsDialog } from '../components/reorder-dialogs';
import { VendorGroup, type LineChange } from '../components/vendor-group';

/** Lines waiting to be ordered, per vendor, in the order the vendors first appear. */
function byVendor(lines: SuggestedLine[]): { vendor: VendorRef; lines: SuggestedLine[] }[] {
  const groups = new Map<string, { vendor: VendorRef; lines: SuggestedLine[] }>();
  for (const line of lines) {
    if (!line.vendor) continue;
    const group = groups.get(line.vendor.id) ?? { vendor: line.vendor, lines: [] };
    group.lines.push(line);
    groups.set(line.vendor.id, group);
  }
  return [...groups.values()].sort((a, b) => a.vendor.name.localeCompare(b.vendor.name));
}

type Confirm = { vendorIds?: string[]; label: string; total: number };

/**
 * Suggested orders (issue 35): what the location should order now, drafted every night from each
 * product's use and its supplier's lead time, routed to the cheapest in-stock offer. A location
 * admin reviews it (packs, vendor, remove) and orders it in one tap; whoever reads purchase orders
 * sees it. Products that cannot be ordered say why.
 */
export function SuggestionsPage() {
  const notify = useNotify();
  const profile = useProfile();
  const editable = can(profile.data?.permissions ?? {}, 'companies', 'update');
  const draft = useQuery(suggestionsQueryOptions());
  const settings = useQuery({ ...reorderSettingsQueryOptions(), enabled: editable });
  const refresh = useRefreshSuggestions();
  const update = useUpdateSuggestedLine();
  const remove = useRemoveSuggestedLine();
  const order = useOrderSuggestions();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [sent, setSent] = useState<OrderedSuggestions['purchase_orders']>([]);
  const [autoSendOpen, setAutoSendOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const busy = refresh.isPending || update.isPending || remove.isPending || order.isPending;

  const lines = draft.data?.lines ?? [];
  const waiting = lines.filter((l) => !l.problem && !l.ordered && l.vendor);
  const blocked = lines.filter((l) => l.problem && !l.ordered);
  const ordered = lines.filter((l) => l.ordered);
  const groups = byVendor(waiting);
  const total = draft.data?.total ?? 0;
  const autoSendUnder = draft.data?.auto_send_under ?? null;

  const fail = (fallback: string) => (error: unknown) => { notify.error(errorMessage(error, fallback)); };
  const change = (line: SuggestedLine, lineChange: LineChange) => { update.mutate({ id: line.id, change: lineChange }, { onError: fail('Could not change the line') }); };
  const drop = (line: SuggestedLine) => {
    remove.mutate(line.id, { onSuccess: () => { notify.success(SUGGESTION_MESSAGES.removed); }, onError: fail('Could not remove the line') });
  };
  const draftNow = () => { refresh.mutate(undefined, { onSuccess: () => { notify.success(SUGGESTION_MESSAGES.drafted); }, onError: fail('Could not draft the suggested orders') }); };
  const send = (target: Confirm) => {
    order.mutate(target.vendorIds ? { vendor_ids: target.vendorIds } : {}, {
      onSuccess: (result) => {
        setSent(result.purchase_orders);
        setConfirm(null);
        notify.success(SUGGESTION_MESSAGES.ordered(result.purchase_orders.length));
      },
      onError: (error) => {
        setConfirm(null);
        fail('Could not send the orders')(error);
      },
    });
  };

  return (
    <Box>
      <PageHeader
        title="Suggested orders"
        subtitle={draft.data?.refreshed_at ? `Drafted ${formatDateTime(draft.data.refreshed_at)} from each product's use and its supplier's lead time` : 'What to order now, from each product\'s use and its supplier\'s lead time'}
        actions={
          editable ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button onClick={() => { setSettingsOpen(true); }} disabled={!settings.data} sx={{ minHeight: 44 }}>
                Reorder settings
              </Button>
              <Button variant="outlined" onClick={draftNow} loading={refresh.isPending} disabled={busy} sx={{ minHeight: 44 }}>
                Draft now
              </Button>
              <Button variant="contained" disabled={busy || total <= 0} onClick={() => { setConfirm({ label: 'every vendor', total }); }} sx={{ minHeight: 44 }}>
                Order all · {formatDollars(total)}
              </Button>
            </Stack>
          ) : null
        }
      />

      <Alert
        severity="info"
        sx={{ mb: 3 }}
        action={editable && settings.data ? <Button color="inherit" onClick={() => { setAutoSendOpen(true); }} sx={{ minHeight: 44 }}>Automatic sending…</Button> : undefined}
      >
        {autoSendUnder === null ? 'Nothing is ordered without a person: review the draft and order it.' : `Each vendor's order under ${formatDollars(autoSendUnder)} goes out by itself when the draft is made; larger ones wait for review.`}
      </Alert>

      {sent.length > 0 ? (
        <Alert severity="success" sx={{ mb: 3 }} onClose={() => { setSent([]); }}>
          {SUGGESTION_MESSAGES.ordered(sent.length)}:{' '}
          {sent.map((po, index) => (
            <span key={po.id}>
              {index > 0 ? ', ' : ''}
              <AppLink to={`/purchase-history/${po.id}`}>{po.number}</AppLink> ({po.vendor_name}, {formatDollars(po.total)})
            </span>
          ))}
        </Alert>
      ) : null}

      {draft.isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {draft.isError ? <Alert severity="error">{errorMessage(draft.error, 'Could not load the suggested orders')}</Alert> : null}

      {draft.data && lines.length === 0 ? (
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            Nothing to order right now
          </Typography>
          <Typography color="text.secondary">{draft.data.id ? 'Every product is above its reorder point, or already on order.' : SUGGESTION_MESSAGES.noDraft}</Typography>
        </Paper>
      ) : null}

      {groups.map((group) => (
        <VendorGroup
          key={group.vendor.id}
          vendor={group.vendor}
          lines={group.lines}
          shipping={draft.data?.shipping.find((t) => t.vendor_id === group.vendor.id)}
          editable={editable}
          busy={busy}
          onChange={change}
          onRemove={drop}
          onOrder={() => { setConfirm({ vendorIds: [group.vendor.id], label: group.vendor.name, total: group.lines.reduce((s, l) => s + l.total, 0) }); }}
        />
      ))}

      {blocked.length > 0 ? (
        <Box component="section" aria-labelledby="blocked-title" sx={{ mb: 3 }}>
          <Typography id="blocked-title" variant="h2" sx={{ mb: 1 }}>
            Cannot be ordered
          </Typography>
          <Paper>
            <List dense>
              {blocked.map((line) => (
                <ListItem key={line.id} secondaryAction={editable ? <Button color="inherit" onClick={() => { drop(line); }} disabled={busy} aria-label={`Remove ${line.product.name}`} sx={{ minHeight: 44 }}>Remove</Button> : undefined}>
                  <ListItemText
                    primary={<AppLink to={`/products/${line.product.id}`}>{line.product.name}</AppLink>}
                    secondary={`${line.problem ?? ''} (needs ${String(Math.ceil(line.units_needed))} units)`}
                    slotProps={{ secondary: { color: 'warning.dark' } }}
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        </Box>
      ) : null}

      {ordered.length > 0 ? (
        <Box component="section" aria-labelledby="ordered-title">
          <Typography id="ordered-title" variant="h2" sx={{ mb: 1 }}>
            Ordered from this draft
          </Typography>
          <Paper>
            <List dense>
              {ordered.map((line) => (
                <ListItem key={line.id}>
                  <ListItemText
                    primary={line.product.name}
                    secondary={
                      <>
                        {line.quantity} × {line.pack_size} from {line.vendor?.name} on <AppLink to={`/purchase-history/${line.ordered!.purchase_order_id}`}>{line.ordered!.number}</AppLink>
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          </Paper>
        </Box>
      ) : null}

      <ConfirmDialog
        open={confirm !== null}
        title="Send the orders?"
        message={confirm ? `The suggested order for ${confirm.label} (${formatDollars(confirm.total)}) goes out as purchase orders now: e-mailed to suppliers, sent to distributors.` : ''}
        confirmLabel="Send orders"
        loading={order.isPending}
        onConfirm={() => { if (confirm) send(confirm); }}
        onClose={() => { setConfirm(null); }}
      />
      {settingsOpen && settings.data ? <ReorderSettingsDialog settings={settings.data} onClose={() => { setSettingsOpen(false); }} /> : null}
      {autoSendOpen && settings.data ? <AutoSendDialog settings={settings.data} onClose={() => { setAutoSendOpen(false); }} /> : null}
    </Box>
  );
}
