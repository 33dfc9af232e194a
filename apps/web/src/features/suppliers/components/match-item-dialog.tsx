import { useState } from 'react';
import { MARKETPLACE_MESSAGES, type PriceListItem } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { ProductSearchPicker, type ProductOption } from '../../../components/product-search-picker';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useMatchPriceListItem } from '../api/price-list-api';

/** What identifies the item to someone choosing its product: the supplier's codes beside its description. */
function itemCodes(item: PriceListItem): string {
  return [`SKU ${item.vendor_sku}`, item.barcode ? `barcode ${item.barcode}` : null, item.manufacturer_code ? `manufacturer code ${item.manufacturer_code}` : null]
    .filter((part) => part !== null)
    .join(' · ');
}

interface MatchItemDialogProps {
  supplierId: string;
  item: PriceListItem;
  onClose: () => void;
}

/**
 * "Match to a product": an unmatched price list item is matched by hand to a catalog product
 * (the picker never offers a row left from an earlier search), after which the marketplace
 * offers it as that product.
 */
export function MatchItemDialog({ supplierId, item, onClose }: MatchItemDialogProps) {
  const notify = useNotify();
  const match = useMatchPriceListItem(supplierId);
  const [picked, setPicked] = useState<ProductOption | null>(null);

  const submit = () => {
    if (!picked) return;
    match.mutate(
      { itemId: item.id, product_id: picked.id },
      {
        onSuccess: () => {
          notify.success(MARKETPLACE_MESSAGES.itemMatched);
          onClose();
        },
        onError: (error) => { notify.error(errorMessage(error, MARKETPLACE_MESSAGES.itemMatchFailed)); },
      },
    );
  };

  return (
    <ActionDialog
      form
      title="Match to a product"
      description={
        <>
          {item.description}
          <br />
          {itemCodes(item)}
        </>
      }
      describedByDescription
      submitLabel="Match"
      onSubmit={submit}
      ready={Boolean(picked)}
      pending={match.isPending}
      cancelDisabledWhilePending
      onClose={onClose}
    >
      <ProductSearchPicker value={picked} onChange={setPicked} label="Catalog product" />
    </ActionDialog>
  );
}
