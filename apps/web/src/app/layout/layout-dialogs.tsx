import { SubscriptionDialog } from '../../features/subscriptions/components/subscription-dialog';
import { IdleLogoff } from './idle-logoff';
import { LogoutDialog } from './logout-dialog';
import { PendingOrganizationDialog } from './pending-organization-dialog';
import { SwitchLocationDialog } from './switch-location-dialog';
import { UnsupportedIpadDialog } from './unsupported-ipad-dialog';

export interface LayoutDialogsProps {
  logoutOpen: boolean;
  onCloseLogout: () => void;
  switchOpen: boolean;
  onCloseSwitch: () => void;
  currentCompanyId: string | null;
  onLogout: () => void;
}

/**
 * The app layout's dialogs, in a chunk the layout loads once its page is on screen (issue 37: the
 * layout chunk 44.6 -> 31.5 KiB gzip; the dialogs and their MUI parts no longer come before every
 * page's first paint). Those that open on their own (the approval, the subscription, the idle
 * warning, the unsupported iPad) show from then on; the others open on a click, long after.
 */
export function LayoutDialogs({ logoutOpen, onCloseLogout, switchOpen, onCloseSwitch, currentCompanyId, onLogout }: LayoutDialogsProps) {
  return (
    <>
      <LogoutDialog open={logoutOpen} onClose={onCloseLogout} />
      <IdleLogoff />
      <SwitchLocationDialog open={switchOpen} currentCompanyId={currentCompanyId} onClose={onCloseSwitch} />
      <PendingOrganizationDialog onLogout={onLogout} />
      <SubscriptionDialog onLogout={onLogout} />
      <UnsupportedIpadDialog />
    </>
  );
}
