import { Navigate, Outlet } from 'react-router';
import { isTokenUsable, useSessionClaims, useToken } from '../lib/auth-token';
import { DESKTOP_HOME } from '../lib/session';
import { can, type Action, type Feature } from '@clinic/domain';
import { PageLoader } from '../components/page-loader';
import { useProfileOrClaims } from '../lib/profile';

/** Signed-in area: anyone without a stored token goes back to the login page. */
export function RequireAuth() {
  const token = useToken();
  if (!isTokenUsable(token)) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** The login page is skipped when a token is already stored. */
export function PublicOnly() {
  const token = useToken();
  if (isTokenUsable(token)) return <Navigate to={DESKTOP_HOME} replace />;
  return <Outlet />;
}

export const NON_ADMIN_FALLBACK = '/users/company';

/** Product-admin pages; everyone else is sent to their own user management. The role comes from the token. */
export function RequireAdmin() {
  const claims = useSessionClaims();
  if (claims?.role !== 'admin') return <Navigate to={NON_ADMIN_FALLBACK} replace />;
  return <Outlet />;
}

/** Organization-wide pages (/company-dashboard): anyone else goes home, where their own location's figures are. */
export function RequireOrganizationAdmin() {
  const claims = useSessionClaims();
  if (claims?.role !== 'organization_admin') return <Navigate to={DESKTOP_HOME} replace />;
  return <Outlet />;
}

/** The audit trail (/audit): the product admin and organization admins; anyone else goes home. */
export function RequireAuditReader() {
  const claims = useSessionClaims();
  if (claims?.role !== 'admin' && claims?.role !== 'organization_admin') return <Navigate to={DESKTOP_HOME} replace />;
  return <Outlet />;
}

/** Location pages (alerts, stock): the product admin keeps no stock and goes home. */
export function RequireLocation() {
  const claims = useSessionClaims();
  if (claims?.role === 'admin') return <Navigate to={DESKTOP_HOME} replace />;
  return <Outlet />;
}

/**
 * Pages a feature permission gates (spec: /purchase-history needs purchaseHistory.read): without
 * it the user goes home, as the navigation never showed the page.
 */
export function RequirePermission({ feature, action }: { feature: Feature; action: Action }) {
  const { profile, withoutProfile } = useProfileOrClaims();
  if (withoutProfile) return <Outlet />;
  if (profile.isPending) return <PageLoader />;
  if (!can(profile.data?.permissions ?? {}, feature, action)) return <Navigate to={DESKTOP_HOME} replace />;
  return <Outlet />;
}
