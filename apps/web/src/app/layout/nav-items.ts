import type SvgIcon from '@mui/material/SvgIcon';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import DomainOutlined from '@mui/icons-material/DomainOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PendingActionsOutlined from '@mui/icons-material/PendingActionsOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import DesignServicesOutlined from '@mui/icons-material/DesignServicesOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import MedicalServicesOutlined from '@mui/icons-material/MedicalServicesOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import ShelvesIcon from '@mui/icons-material/Shelves';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { can, ROLE_PERMISSIONS, type PermissionMap, type Role } from '@clinic/domain';

export interface NavItem {
  label: string;
  to: string;
  icon: typeof SvgIcon;
  /** A live count shown next to the label. */
  badge?: 'alerts';
}

export interface NavGroup {
  title: string | null;
  items: NavItem[];
}

/**
 * Sidebar groups for a role. Inventory, Treatments and Alerts join as their pages ship;
 * a group with no page yet is left out rather than linking nowhere.
 * Entries a feature permission gates use `permissions` (the profile's), or the role's defaults when not given.
 */
export function navGroups(role: Role | null, permissions: PermissionMap = role ? ROLE_PERMISSIONS[role] : {}): NavGroup[] {
  // Spec: Categories, Products, Suppliers (and Import Products for the admin); the others join as they ship.
  const inventory: NavItem[] = [];
  if (can(permissions, 'categories', 'read')) inventory.push({ label: 'Categories', to: '/categories', icon: CategoryOutlined });
  if (can(permissions, 'products', 'read')) inventory.push({ label: 'Products', to: '/products', icon: Inventory2Outlined });
  if (role === 'admin') inventory.push({ label: 'Pending Products', to: '/products/pending', icon: PendingActionsOutlined });
  if (can(permissions, 'suppliers', 'read')) inventory.push({ label: 'Suppliers', to: '/suppliers', icon: LocalShippingOutlined });
  if (role === 'admin' && can(permissions, 'import', 'create')) inventory.push({ label: 'Import Products', to: '/import', icon: UploadFileOutlined });
  // Spec section 2: non-admins see Purchasing, and Purchase History only with purchaseHistory.read.
  if (role !== 'admin' && can(permissions, 'runningList', 'read')) inventory.push({ label: 'Purchasing', to: '/running-list', icon: ShoppingCartOutlined });
  // Issue 35: what to order now, drafted from use and lead time.
  if (role !== 'admin' && can(permissions, 'purchaseOrder', 'read')) inventory.push({ label: 'Suggested orders', to: '/reorder/suggestions', icon: PlaylistAddCheckOutlined });
  if (role !== 'admin' && can(permissions, 'purchaseHistory', 'read')) inventory.push({ label: 'Purchase History', to: '/purchase-history', icon: ReceiptLongOutlined });
  // The marketplace orders from the location's vendors; its orders page (/marketplace/orders) highlights this entry too.
  if (role !== 'admin' && can(permissions, 'marketplace', 'read')) inventory.push({ label: 'Marketplace', to: '/marketplace', icon: StorefrontOutlined });
  // Issue 34, item 3: units sent between the organization's locations.
  if (role !== 'admin' && can(permissions, 'stock', 'read')) inventory.push({ label: 'Transfers', to: '/transfers', icon: SyncAltOutlined });
  // Issue 34: counting the shelf against the books.
  if (role !== 'admin' && can(permissions, 'stock', 'read')) inventory.push({ label: 'Cycle counts', to: '/counts', icon: ChecklistOutlined });

  // Spec section 2: Treatments (Patient history, Design, Execute), hidden for the admin.
  const treatments: NavItem[] = [];
  if (role !== 'admin') {
    if (can(permissions, 'patients', 'read')) treatments.push({ label: 'Patient history', to: '/patients', icon: HistoryEduOutlined });
    if (can(permissions, 'treatments', 'read')) treatments.push({ label: 'Design', to: '/treatments/categories', icon: DesignServicesOutlined });
    if (can(permissions, 'treatmentLogs', 'create')) treatments.push({ label: 'Execute', to: '/treatment-execution', icon: MedicalServicesOutlined });
    // Issue 36: what the next 14 days' appointments will take from the shelf.
    if (can(permissions, 'treatments', 'read')) treatments.push({ label: 'Upcoming trays', to: '/upcoming-trays', icon: EventNoteOutlined });
  }

  // Spec section 6: the product admin has no alerts (it keeps no stock).
  const alerts: NavItem[] = role !== 'admin' && can(permissions, 'alerts', 'read') ? [{ label: 'Alerts', to: '/alerts', icon: NotificationsOutlined, badge: 'alerts' }] : [];

  const settings: NavItem[] = [{ label: 'Profile', to: '/users/profile', icon: PersonOutlined }];
  if (role === 'admin') {
    settings.push(
      { label: 'Manage Clients', to: '/clients', icon: BusinessOutlined },
      { label: 'Pending Users', to: '/users/pending', icon: HourglassEmptyOutlined },
      { label: 'Rejected Users', to: '/users/rejected', icon: BlockOutlined },
      { label: 'Deleted Users', to: '/users/deleted', icon: PersonOffOutlined },
      { label: 'Outgoing E-mails', to: '/users/test-emails', icon: MailOutlined },
      { label: 'Background Jobs', to: '/jobs', icon: WorkHistoryOutlined },
    );
  }
  if (role === 'organization_admin' || role === 'company_admin') {
    settings.push({ label: 'Manage Users', to: '/users/company', icon: GroupOutlined });
    // Issue 34: where the location keeps its stock.
    if (can(permissions, 'companies', 'update')) settings.push({ label: 'Storage places', to: '/places', icon: ShelvesIcon });
    // Issue 36: procedures from the practice-management system.
    if (can(permissions, 'companies', 'update')) settings.push({ label: 'Practice system', to: '/pms', icon: LinkOutlined });
  }
  // Issue 18: who did what; the organization admin reads their organization's, the product admin everyone's.
  if (role === 'admin' || role === 'organization_admin') settings.push({ label: 'Audit trail', to: '/audit', icon: FactCheckOutlined });

  const home: NavItem[] = [{ label: 'Home', to: '/dashboard', icon: HomeOutlined }];
  // Every location's figures side by side: only the organization admin sees all locations.
  if (role === 'organization_admin' && can(permissions, 'reports', 'read')) home.push({ label: 'Company dashboard', to: '/company-dashboard', icon: DomainOutlined });

  return [
    { title: null, items: home },
    ...(inventory.length > 0 ? [{ title: 'Inventory', items: inventory }] : []),
    ...(treatments.length > 0 ? [{ title: 'Treatments', items: treatments }] : []),
    // Spec section 2: Home, Inventory, Treatments, Alerts, then the user's settings.
    ...(alerts.length > 0 ? [{ title: null, items: alerts }] : []),
    { title: 'Settings', items: settings },
  ];
}

const matches = (to: string, pathname: string) => pathname === to || pathname.startsWith(`${to}/`);

/** The entry for the current page: the most specific match, so /products/pending is not also Products. */
export function isNavItemActive(item: NavItem, pathname: string, all: readonly NavItem[] = [item]): boolean {
  if (!matches(item.to, pathname)) return false;
  return !all.some((other) => other.to.length > item.to.length && matches(other.to, pathname));
}
