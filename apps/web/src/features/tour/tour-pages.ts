import { can, type Action, type Feature, type PermissionMap } from '@clinic/domain';

/** Where a step's page is: a fixed path, or the Stock Room of a product picked when the step opens. */
export type TourPath = { kind: 'path'; path: string } | { kind: 'stock-room' };

/** One stop of the tour: a page, and the element on it the tooltip points at. */
export interface TourPage {
  id: string;
  title: string;
  content: string;
  /** The page's entry in the navigation: a step is offered only to users whose navigation lists it. */
  navPath: string;
  /** A permission the page needs beyond its navigation entry (the Stock Room needs stock.read). */
  needs?: { feature: Feature; action: Action };
  path: TourPath;
  /** A `data-tour` element that is drawn at every width (not in the sidebar, hidden on phones). */
  target: string;
}

const at = (path: string): TourPath => ({ kind: 'path', path });
const tourTarget = (name: string) => `[data-tour="${name}"]`;

/** In the spec's order: Home, Products, a product's Stock Room, Purchasing, Execute, Patient history, Alerts. */
export const TOUR_PAGES: readonly TourPage[] = [
  {
    id: 'home',
    title: 'Home',
    content: 'Home sums up your figures for a date range and keeps shortcuts to the everyday jobs.',
    navPath: '/dashboard',
    path: at('/dashboard'),
    target: tourTarget('home'),
  },
  {
    id: 'products',
    title: 'Products',
    content: 'Search the catalog by name, brand or barcode. Open a product to see its details and its stock.',
    navPath: '/products',
    path: at('/products'),
    target: tourTarget('product-search'),
  },
  {
    id: 'stock-room',
    title: 'Stock Room',
    content: "Each product's lots at your location: add stock as it arrives, record what was used, and see what is left and when it expires.",
    navPath: '/products',
    needs: { feature: 'stock', action: 'read' },
    path: { kind: 'stock-room' },
    target: tourTarget('stock-room'),
  },
  {
    // The product admin's own stop: it keeps no stock, orders nothing and treats no one.
    id: 'clients',
    title: 'Manage Clients',
    content: 'Clinics that signed up, their locations and their approval. Approve an organization once you have met them.',
    navPath: '/clients',
    path: at('/clients'),
    target: tourTarget('clients'),
  },
  {
    id: 'purchasing',
    title: 'Purchasing',
    content: 'Running lists gather what to order from each supplier until you generate the purchase order. Reorder suggestions fill them from products below their minimum.',
    navPath: '/running-list',
    path: at('/running-list'),
    target: tourTarget('running-lists'),
  },
  {
    id: 'execute',
    title: 'Execute',
    content: "At the chair: enter the patient's chart number and the treatments performed. The tray lists what was used and takes it from stock when you save.",
    navPath: '/treatment-execution',
    path: at('/treatment-execution'),
    target: tourTarget('execute'),
  },
  {
    id: 'patient-history',
    title: 'Patient history',
    content: "Every patient's visits, costs and case notes, found by chart number and date range.",
    navPath: '/patients',
    path: at('/patients'),
    target: tourTarget('patient-history'),
  },
  {
    id: 'alerts',
    title: 'Alerts',
    content: 'Low stock, lots about to expire and expired lots at your location. Dismiss an alert once it is handled.',
    navPath: '/alerts',
    path: at('/alerts'),
    target: tourTarget('alerts'),
  },
];

/** The stops this user can reach: the same pages their navigation lists, so the tour never opens a page they cannot. */
export function offeredTourPages(navPaths: readonly string[], permissions: PermissionMap): TourPage[] {
  const listed = new Set(navPaths);
  return TOUR_PAGES.filter((page) => listed.has(page.navPath) && (!page.needs || can(permissions, page.needs.feature, page.needs.action)));
}

const PRODUCT_PAGE = /^\/products\/[0-9a-f-]{36}$/i;

/** Is the user already where the step is? A product page counts for the Stock Room, whichever product. */
export function isOnTourPage(path: TourPath, pathname: string): boolean {
  return path.kind === 'path' ? pathname === path.path : PRODUCT_PAGE.test(pathname);
}
