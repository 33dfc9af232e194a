import InputAdornment from '@mui/material/InputAdornment';
import { useForm } from 'react-hook-form';
import { MoneySchema, type Organization } from '@clinic/domain';
import { ActionDialog } from '../../../components/action-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useChangeCustomPrice } from '../api/organizations-api';

interface CustomPriceForm {
  customPrice: string;
}

/** Monthly price of the multiple-location plan for this client; empty means the standard price. */
export function CustomPriceDialog({ organization, onClose }: { organization: Organization; onClose: () => void }) {
  const notify = useNotify();
  const changePrice = useChangeCustomPrice();
  const { control, handleSubmit, setError } = useForm<CustomPriceForm>({
    defaultValues: { customPrice: organization.customPrice ?? '' },
  });

  const onSubmit = ({ customPrice }: CustomPriceForm) => {
    let price: string | null = null;
    if (customPrice.trim() !== '') {
      const parsed = MoneySchema.safeParse(customPrice);
      if (!parsed.success) {
        setError('customPrice', { message: parsed.error.issues[0]?.message ?? 'Enter an amount like 150.99' });
        return;
      }
      price = parsed.data;
    }
    changePrice.mutate(
      { id: organization.id, body: { customPrice: price } },
      {
        onSuccess: () => {
          notify.success(price ? `Custom price set to $${price}` : 'Custom price removed');
          onClose();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(error, setError, ['customPrice'])) {
            notify.error(errorMessage(error, 'Failed to change the custom price'));
          }
        },
      },
    );
  };

  return (
    <ActionDialog
      form
      title="Change custom price"
      description={`Monthly price of the multiple-location plan for ${organization.name}. Leave it empty to use the standard price.`}
      submitLabel="Save"
      onSubmit={() => void handleSubmit(onSubmit)()}
      pending={changePrice.isPending}
      cancelDisabledWhilePending
      onClose={onClose}
      maxWidth="xs"
    >
      <FormTextField
        control={control}
        name="customPrice"
        label="Custom price per month"
        autoFocus
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          htmlInput: { inputMode: 'decimal' },
        }}
      />
    </ActionDialog>
  );
}
