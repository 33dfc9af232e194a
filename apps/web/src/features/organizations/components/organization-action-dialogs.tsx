import { MESSAGES, SUBSCRIPTION_MESSAGES, type Organization } from '@clinic/domain';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications/use-notify';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteOrganization, useProvideFreeSubscription, useUpdateOrganization } from '../api/organizations-api';
import { AddLocationDialog } from './add-location-dialog';
import { CustomPriceDialog } from './custom-price-dialog';

export type OrganizationAction = 'approve' | 'reject' | 'addLocation' | 'customPrice' | 'freeSubscription' | 'delete';

export const ORGANIZATION_ACTION_LABELS: Record<OrganizationAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  addLocation: 'Add Location',
  customPrice: 'Change custom price',
  freeSubscription: 'Give free subscription',
  delete: 'Delete',
};

/** Actions offered for a client, by its approval state. */
export function organizationActionsFor(organization: Organization): OrganizationAction[] {
  const review: OrganizationAction[] =
    organization.approvalStatus === 'pending'
      ? ['approve', 'reject']
      : organization.approvalStatus === 'rejected'
        ? ['approve']
        : ['reject'];
  // A rejected client cannot use the product, so a free subscription would give it nothing.
  const free: OrganizationAction[] = organization.approvalStatus === 'rejected' ? [] : ['freeSubscription'];
  return [...review, 'addLocation', 'customPrice', ...free, 'delete'];
}

interface OrganizationActionDialogsProps {
  target: { organization: Organization; action: OrganizationAction } | null;
  onClose: () => void;
  /** Called after the client was deleted (the detail page leaves). */
  onDeleted?: () => void;
}

export function OrganizationActionDialogs({ target, onClose, onDeleted }: OrganizationActionDialogsProps) {
  const notify = useNotify();
  const update = useUpdateOrganization();
  const remove = useDeleteOrganization();
  const giveFree = useProvideFreeSubscription();
  if (!target) return null;
  const { organization, action } = target;

  if (action === 'addLocation') return <AddLocationDialog organization={organization} onClose={onClose} />;
  if (action === 'customPrice') return <CustomPriceDialog organization={organization} onClose={onClose} />;

  if (action === 'freeSubscription') {
    return (
      <ConfirmDialog
        open
        title="Give free subscription"
        message={`Give ${organization.name} a free subscription? Its users can use the product without paying for a plan.`}
        confirmLabel="Give free subscription"
        loading={giveFree.isPending}
        onClose={onClose}
        onConfirm={() => {
          giveFree.mutate(organization.id, {
            onSuccess: () => {
              notify.success(SUBSCRIPTION_MESSAGES.freeGiven);
              onClose();
            },
            onError: () => { notify.error(SUBSCRIPTION_MESSAGES.freeGiveError); },
          });
        }}
      />
    );
  }

  if (action === 'delete') {
    return (
      <ConfirmDialog
        open
        title="Delete client"
        message={`Delete ${organization.name}? Its locations and users will no longer be able to sign in.`}
        confirmLabel="Delete"
        destructive
        loading={remove.isPending}
        onClose={onClose}
        onConfirm={() => { remove.mutate(organization.id, {
            onSuccess: () => {
              notify.success(MESSAGES.clientDeleted);
              onClose();
              onDeleted?.();
            },
            onError: () => { notify.error(MESSAGES.clientDeleteError); },
          }); }
        }
      />
    );
  }

  const approving = action === 'approve';
  return (
    <ConfirmDialog
      open
      title={approving ? 'Approve client' : 'Reject client'}
      message={
        approving
          ? `Approve ${organization.name}? Its users can start using the product and an approval e-mail is sent.`
          : `Reject ${organization.name}? Its users will not be able to use the product.`
      }
      confirmLabel={approving ? 'Approve' : 'Reject'}
      destructive={!approving}
      loading={update.isPending}
      onClose={onClose}
      onConfirm={() => { update.mutate(
          { id: organization.id, body: { approvalStatus: approving ? 'approved' : 'rejected' } },
          {
            onSuccess: () => {
              notify.success(approving ? 'Client approved' : 'Client rejected');
              onClose();
            },
            onError: (error) => { notify.error(errorMessage(error, approving ? 'Failed to approve client' : 'Failed to reject client')); },
          },
        ); }
      }
    />
  );
}
