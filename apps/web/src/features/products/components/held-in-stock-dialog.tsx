import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { PRODUCT_MESSAGES } from '@clinic/domain';
import type { StockHolder } from '../product-messages';
import { unitCount } from '../../../lib/format';

/** Spec sections 6 and 8: the admin's delete was refused (403); these locations still hold the product. */
export function HeldInStockDialog({ productName, holders, onClose }: { productName: string; holders: StockHolder[]; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="held-in-stock-title">
      <DialogTitle id="held-in-stock-title">Warning</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {PRODUCT_MESSAGES.heldInStock}. {productName} can be deleted once they have used or removed it.
        </DialogContentText>
        <List dense aria-label="Companies holding the product">
          {holders.map((holder) => (
            <ListItem key={holder.id} disableGutters>
              <ListItemText primary={holder.name} secondary={`${unitCount(holder.units_in_stock)} in stock`} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
