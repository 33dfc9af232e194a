import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { LOT_STATUS_LABELS, type Stock } from '@clinic/domain';
import { RowMenu, type RowMenuItem } from '../../../components/row-menu';

export type LotAction = 'history' | 'edit' | 'move' | 'recall' | 'quarantine' | 'release' | 'dispose' | 'return' | 'delete';

export interface LotRowActionsProps {
  stock: Stock;
  /** How the row names the lot to a screen reader: "lot L1 added 11-10-2026". */
  subject: string;
  historyOpen: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  onUse: () => void;
  onSelect: (action: LotAction) => void;
}

const NO_UNITS = 'No units left';

/** The lot's menu entries, in the order staff reach for them; each says why it is unavailable. */
export function lotMenuItems({ stock, historyOpen, canUpdate, canDelete }: Pick<LotRowActionsProps, 'stock' | 'historyOpen' | 'canUpdate' | 'canDelete'>): RowMenuItem<LotAction>[] {
  const empty = stock.units_left <= 0 ? NO_UNITS : undefined;
  const items: RowMenuItem<LotAction>[] = [{ kind: 'history', label: historyOpen ? 'Hide usage history' : 'Usage history' }];
  if (canUpdate) {
    items.push({ kind: 'edit', label: 'Edit', disabledReason: empty });
    // Issue 34: who may edit a lot may move its units to another storage place.
    items.push({ kind: 'move', label: 'Move to another place', disabledReason: empty });
    if (stock.status !== 'recalled') items.push({ kind: 'recall', label: 'Recall', destructive: true });
    items.push(stock.status === 'available' ? { kind: 'quarantine', label: 'Quarantine' } : { kind: 'release', label: 'Release' });
  }
  if (canDelete) {
    items.push(
      { kind: 'dispose', label: 'Dispose', disabledReason: empty },
      { kind: 'return', label: 'Return to supplier', disabledReason: empty },
      { kind: 'delete', label: 'Delete', disabledReason: empty, destructive: true },
    );
  }
  return items;
}

/**
 * A Stock Room row's actions (issue 39): the frequent one, using units, as a button with a word; the
 * rest in a "More" menu with words, so eight look-alike icons no longer push the row off a tablet.
 */
export function LotRowActions({ stock, subject, historyOpen, canUpdate, canDelete, onUse, onSelect }: LotRowActionsProps) {
  const blocked = stock.status !== 'available';
  const useBlockedBy = stock.units_left <= 0 ? NO_UNITS : blocked ? `${LOT_STATUS_LABELS[stock.status]} lots are not used` : null;
  return (
    // Side by side on phones' cards and on wide screens; stacked from tablets to small laptops, where the table must fit.
    <Box sx={{ display: 'inline-flex', flexDirection: { xs: 'row', sm: 'column', lg: 'row' }, alignItems: { xs: 'center', sm: 'stretch', lg: 'center' }, gap: 0.5, justifyContent: 'flex-end' }}>
      {canUpdate ? (
        <Tooltip title={useBlockedBy ?? 'Record consumption'}>
          <span>
            <Button size="small" variant="outlined" startIcon={<RemoveCircleOutlineOutlined />} aria-label={`Use units of ${subject}`} disabled={useBlockedBy !== null} onClick={onUse} sx={{ whiteSpace: 'nowrap' }}>
              Use
            </Button>
          </span>
        </Tooltip>
      ) : null}
      <RowMenu subject={subject} buttonText="More" items={lotMenuItems({ stock, historyOpen, canUpdate, canDelete })} onSelect={onSelect} />
    </Box>
  );
}
