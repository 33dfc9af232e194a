import { can, type Action, type Feature } from '@clinic/domain';
import type { Actor } from './actor';
import { forbidden, notFound } from './errors';

/**
 * Tenant and permission checks, in one place for every module. A record of another tenant
 * answers 404 (its existence is not revealed); a missing permission answers 403.
 */
export function requirePermission(actor: Actor, feature: Feature, action: Action): void {
  if (!can(actor.permissions, feature, action)) throw forbidden();
}

/** The organizations an actor may see: all for the product admin, otherwise only their own. */
export function canSeeOrganization(actor: Actor, organizationId: string): boolean {
  return actor.role === 'admin' || actor.organizationId === organizationId;
}

export function assertOrganization(actor: Actor, organizationId: string): void {
  if (!canSeeOrganization(actor, organizationId)) throw notFound();
}

/** Organization admins reach every location of their organization; everyone else only their own. */
export function canSeeCompany(actor: Actor, company: { id: string; organizationId: string }): boolean {
  if (actor.role === 'admin') return true;
  if (actor.role === 'organization_admin') return actor.organizationId === company.organizationId;
  return actor.companyId === company.id;
}

export function assertCompany(actor: Actor, company: { id: string; organizationId: string }): void {
  if (!canSeeCompany(actor, company)) throw notFound();
}

/** The company every company-scoped read and write runs against: always the token's, never input. */
export function currentCompanyId(actor: Actor): string {
  if (!actor.companyId) throw forbidden('This action needs a clinic location');
  return actor.companyId;
}

/** Filter for lists of organization-owned rows (users, locations) visible to the actor. */
export interface TenantFilter {
  organizationId?: string;
  companyId?: string;
}

export function tenantFilter(actor: Actor): TenantFilter {
  switch (actor.role) {
    case 'admin':
      return {};
    case 'organization_admin':
      return { organizationId: actor.organizationId ?? '00000000-0000-0000-0000-000000000000' };
    case 'company_admin':
    case 'company_member':
    case 'assistant':
      return { companyId: actor.companyId ?? '00000000-0000-0000-0000-000000000000' };
  }
}

/** Whether the actor may see (and so manage) a user record. */
export function canSeeUser(actor: Actor, user: { id: string; organizationId: string | null; companyId: string | null }): boolean {
  if (actor.userId === user.id) return true;
  if (actor.role === 'admin') return true;
  if (actor.role === 'organization_admin') return user.organizationId !== null && user.organizationId === actor.organizationId;
  if (actor.role === 'company_admin') return user.companyId !== null && user.companyId === actor.companyId;
  return false;
}

export function assertUser(actor: Actor, user: { id: string; organizationId: string | null; companyId: string | null }): void {
  if (!canSeeUser(actor, user)) throw notFound();
}

/**
 * Catalog-style records (suppliers, categories, products) are owned either by one location or,
 * when created by the product admin, by nobody (null) and shared with every location.
 */
export function ownerCompanyFor(actor: Actor): string | null {
  return actor.role === 'admin' ? null : currentCompanyId(actor);
}

/** The owners whose records the actor may read: their location's and the shared ones. */
export function readableOwners(actor: Actor): { companyId: string | null } {
  return { companyId: actor.role === 'admin' ? null : currentCompanyId(actor) };
}

export function canSeeOwned(actor: Actor, ownerCompanyId: string | null): boolean {
  return ownerCompanyId === null || ownerCompanyId === actor.companyId;
}

/** Shared records are read-only for locations (403); another location's are invisible (404). */
export function assertCanModifyOwned(actor: Actor, ownerCompanyId: string | null): void {
  if (!canSeeOwned(actor, ownerCompanyId)) throw notFound();
  if (ownerCompanyId !== ownerCompanyFor(actor)) throw forbidden();
}

/** Who may buy, manage or cancel the organization's subscription: its organization and location admins. */
export function requireBuyer(actor: Actor): void {
  if (!actor.organizationId || (actor.role !== 'organization_admin' && actor.role !== 'company_admin')) throw forbidden();
}

/**
 * Whose audit trail an actor may read: the product admin every organization's (or the one named),
 * an organization admin only their own (whatever they name: another organization's answers 404);
 * everyone else is refused (403). Returns the organization to filter by, or undefined for all.
 */
export function auditScope(actor: Actor, organizationId: string | undefined): string | undefined {
  if (actor.role === 'admin') return organizationId;
  if (actor.role !== 'organization_admin' || !actor.organizationId) throw forbidden();
  if (organizationId !== undefined) assertOrganization(actor, organizationId);
  return actor.organizationId;
}
