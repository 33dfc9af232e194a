// No zod here (see roles.ts): FeatureSchema, ActionSchema and PermissionMapSchema are in access-schemas.ts.
import type { Role } from './roles';

/**
 * Feature -> actions map returned by GET /auth/permissions and enforced by the server.
 * docs/permissions.md explains each grant; this table is the single source of truth.
 */
export const FEATURES = [
  'dashboard',
  'reports',
  'categories',
  'products',
  'suppliers',
  'stock',
  'alerts',
  'runningList',
  'purchaseOrder',
  'purchaseHistory',
  'treatmentCategories',
  'treatments',
  'treatmentLogs',
  'patients',
  'marketplace',
  'import',
  'uploads',
  'users',
  'companies',
  'organizations',
  'subscriptions',
  'assistant',
] as const;
export type Feature = (typeof FEATURES)[number];

export const ACTIONS = ['read', 'create', 'update', 'delete', 'approve'] as const;
export type Action = (typeof ACTIONS)[number];

export type PermissionMap = Partial<Record<Feature, Action[]>>;

const CRUD: Action[] = ['read', 'create', 'update', 'delete'];
const CRU: Action[] = ['read', 'create', 'update'];
const R: Action[] = ['read'];

/** Company features every location role works with; limits per role are applied below. */
const COMPANY_FULL: PermissionMap = {
  dashboard: R,
  reports: R,
  categories: CRUD,
  products: CRUD,
  suppliers: CRUD,
  stock: CRUD,
  alerts: ['read', 'update'],
  runningList: CRUD,
  purchaseOrder: ['read', 'create'],
  purchaseHistory: R,
  treatmentCategories: CRUD,
  treatments: CRUD,
  treatmentLogs: CRUD,
  patients: R,
  marketplace: ['read', 'create'],
  uploads: ['create'],
  assistant: ['create'],
};

export const ROLE_PERMISSIONS: Record<Role, PermissionMap> = {
  admin: {
    dashboard: R,
    reports: R,
    categories: CRUD,
    products: [...CRUD, 'approve'],
    suppliers: CRUD,
    import: ['read', 'create', 'update'],
    uploads: ['create'],
    users: [...CRUD, 'approve'],
    companies: CRUD,
    organizations: [...CRUD, 'approve'],
    subscriptions: ['read', 'update'],
  },
  organization_admin: {
    ...COMPANY_FULL,
    users: CRUD,
    companies: CRU,
    organizations: ['read', 'update'],
    subscriptions: ['read', 'create', 'update'],
  },
  company_admin: {
    ...COMPANY_FULL,
    users: CRUD,
    companies: ['read', 'update'],
    organizations: R,
    subscriptions: R,
  },
  company_member: {
    ...COMPANY_FULL,
    products: CRU,
    categories: CRU,
    suppliers: CRU,
    treatmentCategories: CRU,
    treatments: CRU,
    companies: R,
    organizations: R,
  },
  assistant: {
    dashboard: R,
    categories: R,
    products: R,
    suppliers: R,
    stock: ['read', 'create', 'update'],
    alerts: R,
    runningList: ['read', 'create'],
    treatmentCategories: R,
    treatments: R,
    treatmentLogs: CRU,
    patients: R,
    uploads: ['create'],
    assistant: ['create'],
    companies: R,
    organizations: R,
  },
};

/**
 * A user's effective permissions: their stored grants narrowed to what the role allows,
 * or the role's defaults when nothing is stored. Grants can never exceed the role.
 */
export function effectivePermissions(role: Role, stored?: PermissionMap | null): PermissionMap {
  const allowed = ROLE_PERMISSIONS[role];
  if (!stored) return allowed;
  const result: PermissionMap = {};
  for (const feature of FEATURES) {
    const actions = stored[feature]?.filter((a) => allowed[feature]?.includes(a));
    if (actions && actions.length > 0) result[feature] = actions;
  }
  return result;
}

export function can(permissions: PermissionMap, feature: Feature, action: Action): boolean {
  return permissions[feature]?.includes(action) ?? false;
}
