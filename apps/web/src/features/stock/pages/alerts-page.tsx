import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { ALERT_KIND_LABELS, ALERT_KINDS, ALERT_MESSAGES, can, PRODUCT_REQUEST_URGENCY_LABELS, type Alert as StockAlert, type AlertKind } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { ProductThumbnail } from '../../../components/product-thumbnail';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, unitCount } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { alertsQueryOptions, useDismissAlert } from '../api/stock-api';
import { DisposeExpiredButton } from '../components/dispose-expired-button';
import { LoadingBar } from '../../../components/loading-bar';

const PER_PAGE = 10;
const KIND_COLORS = { low_stock: 'warning', expiring: 'info', expired: 'error', recalled: 'error', requested: 'warning', runs_out: 'warning' } as const;

/** What the alert is about, in words a clinic reads at a glance. */
export function alertSummary(alert: StockAlert): string {
  if (alert.kind === 'requested') {
    const request = alert.request;
    if (!request) return 'Requested, on a running list to order';
    const containers = `${String(request.quantity)} ${request.quantity === 1 ? 'container' : 'containers'}`;
    return `${request.requested_by} asked for ${containers} (${PRODUCT_REQUEST_URGENCY_LABELS[request.urgency].toLowerCase()}) ${formatDate(request.created_at)}${request.note ? ` · ${request.note}` : ''}`;
  }
  if (alert.kind === 'runs_out') {
    const forecast = alert.forecast;
    if (!forecast || !(forecast.daily_use > 0)) return `${unitCount(alert.units_in_stock)} in stock: runs out before a delivery ordered today arrives`;
    const delivery = `a delivery takes ${String(forecast.lead_time_days)} days`;
    if (alert.units_in_stock <= 0) return `Out of stock · ${delivery}`;
    const days = Math.floor(alert.units_in_stock / forecast.daily_use);
    // Occasional use (an implant a month) reads in hundredths; everyday use in tenths.
    const perDay = forecast.daily_use < 1 ? Math.round(forecast.daily_use * 100) / 100 : Math.round(forecast.daily_use * 10) / 10;
    return `Runs out in ${String(days)} ${days === 1 ? 'day' : 'days'} at ${String(perDay)} a day · ${delivery} · ${unitCount(alert.units_in_stock)} in stock`;
  }
  if (alert.kind === 'low_stock') return `${unitCount(alert.units_in_stock)} in stock, minimum ${String(alert.minimum_stock)}`;
  const lot = alert.stock?.lotNumber ? `Lot ${alert.stock.lotNumber}` : 'A lot';
  if (alert.kind === 'recalled') {
    // Recalled here, or a lot of the same number recalled at another location of the organization.
    const recall = alert.recall;
    const where = recall && recall.stock_id !== alert.stock?.id ? ` at ${recall.location.name}` : '';
    const when = recall?.recalled_at ? ` ${formatDate(recall.recalled_at)}` : '';
    const why = [recall?.reason, recall?.reference ? `ref. ${recall.reference}` : ''].filter(Boolean).join(', ');
    return `${lot} recalled${where}${when} · ${unitCount(alert.stock?.units_left ?? 0)} left${why ? ` · ${why}` : ''}`;
  }
  const verb = alert.kind === 'expired' ? 'expired' : 'expires';
  return `${lot} ${verb} ${formatDate(alert.stock?.expiry_date)} · ${unitCount(alert.stock?.units_left ?? 0)} left`;
}

interface AlertGroupProps {
  kind: AlertKind;
  onDismiss: (alert: StockAlert) => void;
  lowStockAction?: ((alert: StockAlert) => ReactNode) | undefined;
}

function AlertGroup({ kind, onDismiss, lowStockAction }: AlertGroupProps) {
  const [page, setPage] = useState(1);
  const alerts = useQuery(alertsQueryOptions(kind, page, PER_PAGE));
  const total = alerts.data?.total ?? 0;
  const headingId = `alerts-${kind}`;
  const canTrace = can(useProfile().data?.permissions ?? {}, 'patients', 'read');
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography id={headingId} variant="h2">
          {ALERT_KIND_LABELS[kind]}
        </Typography>
        <Chip size="small" label={total} color={total > 0 ? KIND_COLORS[kind] : 'default'} aria-label={`${String(total)} ${total === 1 ? 'alert' : 'alerts'}`} />
      </Box>
      <LoadingBar loading={alerts.isFetching} />
      {alerts.isError ? <Alert severity="error">{errorMessage(alerts.error, 'Could not load the alerts.')}</Alert> : null}
      {alerts.isSuccess && total === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          Nothing here.
        </Typography>
      ) : null}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {(alerts.data?.results ?? []).map((alert) => (
          <Box component="li" key={alert.id} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}>
            <ProductThumbnail url={alert.product.product_image_url} />
            <Box sx={{ flex: 1, minWidth: 180 }}>
              <Typography component={RouterLink} to={`/products/${alert.product.id}`} sx={{ fontWeight: 600, color: 'text.primary', '@media (pointer: coarse)': { display: 'inline-flex', alignItems: 'center', minHeight: 44 } }}>
                {alert.product.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {alertSummary(alert)}
              </Typography>
            </Box>
            {kind === 'low_stock' ? lowStockAction?.(alert) : null}
            {kind === 'runs_out' ? (
              <Button size="small" component={RouterLink} to={`/products/${alert.product.id}`} aria-label={`What to order of ${alert.product.name}`}>
                What to order
              </Button>
            ) : null}
            {kind === 'expired' ? <DisposeExpiredButton alert={alert} /> : null}
            {kind === 'recalled' && canTrace && alert.stock?.lotNumber ? (
              <Button size="small" component={RouterLink} to={`/recall?lot=${encodeURIComponent(alert.stock.lotNumber)}`} aria-label={`Affected patients of ${alert.product.name} lot ${alert.stock.lotNumber}`}>
                Affected patients
              </Button>
            ) : null}
            <Button size="small" onClick={() => { onDismiss(alert); }} aria-label={`Dismiss ${ALERT_KIND_LABELS[kind].toLowerCase()} alert for ${alert.product.name}`}>
              Dismiss
            </Button>
          </Box>
        ))}
      </Stack>
      {(alerts.data?.lastPage ?? 1) > 1 ? (
        <Pagination sx={{ mt: 1 }} count={alerts.data?.lastPage ?? 1} page={page} onChange={(_e, next) => { setPage(next); }} />
      ) : null}
    </Paper>
  );
}

export interface AlertsPageProps {
  /** What a low-stock alert offers besides Dismiss (purchasing's Add to Running List). */
  lowStockAction?: (alert: StockAlert) => ReactNode;
}

/** /alerts: low stock, lots expiring soon and expired lots, recalls and products requested at this location, each dismissable. */
export function AlertsPage({ lowStockAction }: AlertsPageProps = {}) {
  const notify = useNotify();
  const dismiss = useDismissAlert();
  const [target, setTarget] = useState<StockAlert | null>(null);
  const all = useQuery(alertsQueryOptions(undefined, 1, 1));
  return (
    <>
      <PageHeader title="Alerts" tourId="alerts" subtitle={all.data ? `${String(all.data.total)} open` : undefined} />
      {all.data?.total === 0 ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {ALERT_MESSAGES.empty}
        </Alert>
      ) : null}
      {all.data?.total === 0 ? null : (
        <Stack spacing={2}>
          {ALERT_KINDS.map((kind) => (
            <AlertGroup key={kind} kind={kind} onDismiss={setTarget} lowStockAction={lowStockAction} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        open={target !== null}
        title="Dismiss alert"
        message={target ? `${target.product.name}: ${alertSummary(target)}. ${ALERT_MESSAGES.dismissConfirm}` : ''}
        confirmLabel="Dismiss"
        loading={dismiss.isPending}
        onConfirm={() => {
          if (!target) return;
          dismiss.mutate(target.id, {
            onSuccess: () => {
              notify.success(ALERT_MESSAGES.dismissed);
              setTarget(null);
            },
            onError: (error) => { notify.error(errorMessage(error, ALERT_MESSAGES.dismissFailed)); },
          });
        }}
        onClose={() => { setTarget(null); }}
      />
    </>
  );
}
