import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Navigate, Outlet, useLocation } from 'react-router';
import { can } from '@clinic/domain';
import { AssistantHost, ASSISTANT_FAB_SPACE } from '../../features/assistant/components/assistant-host';
import { TourProvider } from '../../features/tour/components/tour-provider';
import { startOutboxWhenIdle } from '../../lib/outbox/unsent-work';
import { setUpOutbox } from '../outbox/set-up-outbox';
import { PageLoader } from '../../components/page-loader';
import { SubscriptionDialog, useSubscriptionBlock, useSubscriptionRequiredListener } from '../../features/subscriptions/components/subscription-dialog';
import { useSessionClaims } from '../../lib/auth-token';
import { COMPACT_MEDIA_QUERY } from '../../lib/device';
import { organizationOpen, useProfileOrClaims, useRememberedLocationZone } from '../../lib/profile';
import { dismissWelcome, shouldShowWelcome } from '../../lib/session';
import { BOTTOM_NAV_HEIGHT, BottomNav } from './bottom-nav';
import { IdleLogoff } from './idle-logoff';
import { LogoutDialog } from './logout-dialog';
import { MobileTopBar } from './mobile-top-bar';
import { navGroups } from './nav-items';
import { blockingStatus, PendingOrganizationDialog } from './pending-organization-dialog';
import { Sidebar, SIDEBAR_WIDTH } from './sidebar';
import { SwitchLocationDialog } from './switch-location-dialog';
import { UnsupportedIpadDialog } from './unsupported-ipad-dialog';
import { usePaymentReturnNotice } from './use-payment-return-notice';

// The outbox learns how each kind is sent before any page queues or sends (the code loads later).
setUpOutbox();

export const WELCOME_PATH = '/welcome';

export function AppLayout() {
  const compact = useMediaQuery(COMPACT_MEDIA_QUERY, { noSsr: true });
  const claims = useSessionClaims();
  const { profile, offline: profileOffline, withoutProfile } = useProfileOrClaims();
  const { pathname, search } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const [switchOpen, setSwitchOpen] = useState(false);
  const [assistantOpen, setAssistantOpen] = useState(false);
  usePaymentReturnNotice();
  useSubscriptionRequiredListener();
  const subscriptionBlocked = useSubscriptionBlock().blocked;
  // The profile's answer is a synchronous update (a query store); the page it lets through is
  // rendered in a deferred pass instead, in slices of a few milliseconds rather than one long task
  // (issue 37: Lighthouse counts tasks over 50 ms as blocking time).
  // Offline (issue 52), the profile cannot come: the page is drawn from the token's claims, so the
  // chair opens with what it keeps on the device; the profile follows when the network is back.
  const profileArrived = useDeferredValue(!profile.isPending || withoutProfile);
  useRememberedLocationZone(profileOffline ? (claims?.company_id ?? null) : null);
  // Work saved at the chair and not sent yet goes on app start and after each sign-in, whatever
  // the page; the sender loads once the page is idle, so it costs the first page nothing.
  const userId = claims?.sub ?? null;
  useEffect(() => (userId ? startOutboxWhenIdle() : undefined), [userId]);

  // Coming back from checkout (?success / ?cancelled) the user has long passed the sign-in moment:
  // the welcome page would swallow the payment notice, so it is not shown any more.
  if (/[?&](success|cancelled)=/.test(search)) dismissWelcome();
  if (shouldShowWelcome() && pathname !== WELCOME_PATH) return <Navigate to={WELCOME_PATH} replace />;

  const role = profile.data?.role ?? claims?.role ?? null;
  const openLogout = () => {
    setMenuOpen(false);
    setLogoutOpen(true);
  };
  const openSwitch = () => {
    setMenuOpen(false);
    setSwitchOpen(true);
  };
  const sidebar = (
    <Sidebar
      role={role}
      profile={profile.data}
      onNavigate={compact ? () => { setMenuOpen(false); } : undefined}
      onSwitchLocation={openSwitch}
      onLogout={openLogout}
    />
  );

  // The tour visits the pages the navigation lists, and waits while the welcome page, the approval or the subscription dialog is up.
  const navPaths = navGroups(role, profile.data?.permissions).flatMap((group) => group.items.map((item) => item.to));
  const tourPaused = pathname === WELCOME_PATH || blockingStatus(profile.data) !== null || subscriptionBlocked;
  // The voice assistant, for roles that hold it, while no approval or subscription dialog blocks the app.
  const assistantAvailable = profile.data !== undefined && can(profile.data.permissions, 'assistant', 'create') && blockingStatus(profile.data) === null && !subscriptionBlocked;
  // Desktops float the assistant's button over the page's bottom right, and keep that corner free.
  const fabSpace = assistantAvailable && !compact ? ASSISTANT_FAB_SPACE : 0;
  const openAssistant = assistantAvailable ? () => { setAssistantOpen(true); } : undefined;

  return (
    <TourProvider profile={profile.data} navPaths={navPaths} paused={tourPaused}>
      <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
        {compact ? (
          <Drawer variant="temporary" open={menuOpen} onClose={() => { setMenuOpen(false); }}>
            {sidebar}
          </Drawer>
        ) : (
          <Drawer
            variant="permanent"
            sx={{
              width: SIDEBAR_WIDTH,
              flexShrink: 0,
              '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box', borderRight: 1, borderColor: 'divider' },
            }}
          >
            {sidebar}
          </Drawer>
        )}

        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {compact ? <MobileTopBar onOpenMenu={() => { setMenuOpen(true); }} onOpenAssistant={openAssistant} /> : null}
          <Box
            component="main"
            sx={{
              flex: 1,
              // Sides and top apart from the bottom: a responsive \`p\` lands in media queries that
              // come after \`pb\` and would win, leaving page-end buttons under the Assistant button.
              px: { xs: 2, sm: 3, lg: 4 },
              pt: { xs: 2, sm: 3, lg: 4 },
              pb: compact ? `calc(${String(BOTTOM_NAV_HEIGHT + 16 + fabSpace)}px + env(safe-area-inset-bottom))` : assistantAvailable ? `${String(fabSpace + 16)}px` : { xs: 2, sm: 3, lg: 4 },
            }}
          >
            {/* A page waits for the profile, and none is drawn behind the approval dialog: its queries could only answer 403. */}
            {!profileArrived ? (
              <PageLoader />
            ) : profile.isError || withoutProfile || organizationOpen(profile.data) ? (
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            ) : null}
          </Box>
        </Box>

        {compact ? <BottomNav role={role} permissions={profile.data?.permissions} onLogout={openLogout} /> : null}
        {assistantAvailable ? (
          <AssistantHost
            open={assistantOpen}
            onOpen={() => { setAssistantOpen(true); }}
            onClose={() => { setAssistantOpen(false); }}
            floatingButtonBottom={compact ? null : '24px'}
          />
        ) : null}

        <LogoutDialog open={logoutOpen} onClose={() => { setLogoutOpen(false); }} />
        <IdleLogoff />
        <SwitchLocationDialog
          open={switchOpen}
          currentCompanyId={profile.data?.company?.id ?? claims?.company_id ?? null}
          onClose={() => { setSwitchOpen(false); }}
        />
        <PendingOrganizationDialog onLogout={openLogout} />
        <SubscriptionDialog onLogout={openLogout} />
        <UnsupportedIpadDialog />
      </Box>
    </TourProvider>
  );
}
