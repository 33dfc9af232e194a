import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, type PermissionMap, type Role } from '@clinic/domain';
import { isNavItemActive, navGroups } from './nav-items';

const labels = (role: Parameters<typeof navGroups>[0]) => navGroups(role).flatMap((group) => group.items.map((item) => item.label));

function inventoryOf(role: Role, permissions?: PermissionMap): string[] {
  return navGroups(role, permissions).find((group) => group.title === 'Inventory')?.items.map((item) => item.label) ?? [];
}

describe('navigation', () => {
  it('shows the admin the catalog with its approval queue', () => {
    expect(labels('admin')).toEqual(expect.arrayContaining(['Products', 'Pending Products', 'Suppliers']));
    expect(labels('company_member')).toContain('Products');
    expect(labels('company_member')).not.toContain('Pending Products');
  });

  it('marks only the most specific entry of a path as current', () => {
    const items = navGroups('admin').flatMap((group) => group.items);
    const products = items.find((item) => item.to === '/products')!;
    const pending = items.find((item) => item.to === '/products/pending')!;
    expect(isNavItemActive(products, '/products/pending', items)).toBe(false);
    expect(isNavItemActive(pending, '/products/pending', items)).toBe(true);
    expect(isNavItemActive(products, '/products/3f0c', items)).toBe(true);
  });
});

describe('sidebar inventory group', () => {
  it('starts with Categories for every role that reads them, as the spec orders the group', () => {
    expect(inventoryOf('admin')).toEqual(['Categories', 'Products', 'Pending Products', 'Suppliers', 'Import Products']);
    for (const role of ['organization_admin', 'company_admin', 'company_member'] as const) {
      expect(inventoryOf(role)).toEqual(['Categories', 'Products', 'Suppliers', 'Purchasing', 'Suggested orders', 'Purchase History', 'Marketplace', 'Transfers', 'Cycle counts']);
    }
    // Purchase History only with purchaseHistory.read and Marketplace only with marketplace.read, which assistants lack.
    // Transfers (issue 34, item 3) for whoever reads stock, assistants included.
    // Suggested orders (issue 35) with purchaseOrder.read, which assistants lack.
    expect(inventoryOf('assistant')).toEqual(['Categories', 'Products', 'Suppliers', 'Purchasing', 'Transfers', 'Cycle counts']);
    expect(navGroups('company_member').find((group) => group.title === 'Inventory')?.items[0]).toMatchObject({ to: '/categories' });
  });

  it('leaves Categories out without categories.read, and the whole group when nothing in it is readable', () => {
    const permissions = { ...ROLE_PERMISSIONS.company_member, categories: [] };
    expect(inventoryOf('company_member', permissions)).toEqual(['Products', 'Suppliers', 'Purchasing', 'Suggested orders', 'Purchase History', 'Marketplace', 'Transfers', 'Cycle counts']);
    expect(navGroups('company_member', {}).map((group) => group.title)).toEqual([null, 'Settings']);
  });

  it('keeps Categories, not Products, highlighted on a category’s products page', () => {
    const items = navGroups('company_member').flatMap((group) => group.items);
    const categories = items.find((item) => item.to === '/categories')!;
    const products = items.find((item) => item.to === '/products')!;
    const categoryProducts = '/categories/4e3d2c1b-0a9f-4e8d-9c7b-6a5f4e3d2c1b/products';
    expect(isNavItemActive(categories, '/categories', items)).toBe(true);
    expect(isNavItemActive(categories, categoryProducts, items)).toBe(true);
    expect(isNavItemActive(products, categoryProducts, items)).toBe(false);
    expect(isNavItemActive(categories, '/categories-old', items)).toBe(false);
  });
});

describe('marketplace entry', () => {
  it('follows Purchase History, needs marketplace.read and stays current on the orders page', () => {
    const items = navGroups('company_member').flatMap((group) => group.items);
    const marketplace = items.find((item) => item.label === 'Marketplace')!;
    expect(marketplace.to).toBe('/marketplace');
    expect(isNavItemActive(marketplace, '/marketplace/orders', items)).toBe(true);
    expect(inventoryOf('company_member', { ...ROLE_PERMISSIONS.company_member, marketplace: [] })).not.toContain('Marketplace');
    expect(labels('admin')).not.toContain('Marketplace');
  });
});

describe('alerts entry', () => {
  it('follows Inventory and Treatments for location roles with a live count, and is hidden from the product admin', () => {
    const member = navGroups('company_member');
    const titles = member.map((g) => g.title ?? g.items[0]?.label);
    // Spec section 2: Home, Inventory, Treatments, Alerts, Settings.
    expect(titles).toEqual(['Home', 'Inventory', 'Treatments', 'Alerts', 'Settings']);
    expect(member.flatMap((g) => g.items).find((i) => i.label === 'Alerts')).toMatchObject({ to: '/alerts', badge: 'alerts' });
    expect(navGroups('admin').flatMap((g) => g.items).some((i) => i.to === '/alerts')).toBe(false);
    const noAlerts: PermissionMap = { ...ROLE_PERMISSIONS.company_member, alerts: [] };
    expect(navGroups('company_member', noAlerts).flatMap((g) => g.items).some((i) => i.to === '/alerts')).toBe(false);
  });
});

describe('treatments group', () => {
  it('offers Patient history, Design, Execute and Upcoming trays to location roles, never to the product admin', () => {
    for (const role of ['organization_admin', 'company_admin', 'company_member', 'assistant'] as const) {
      expect(navGroups(role).find((g) => g.title === 'Treatments')?.items.map((i) => [i.label, i.to])).toEqual([
        ['Patient history', '/patients'],
        ['Design', '/treatments/categories'],
        ['Execute', '/treatment-execution'],
        ['Upcoming trays', '/upcoming-trays'],
      ]);
    }
    expect(navGroups('admin').some((g) => g.title === 'Treatments')).toBe(false);
    expect(navGroups('company_member', { ...ROLE_PERMISSIONS.company_member, treatments: [], patients: [], treatmentLogs: [] }).some((g) => g.title === 'Treatments')).toBe(false);
  });
});

describe('company dashboard entry', () => {
  it('follows Home for the organization admin only', () => {
    expect(navGroups('organization_admin')[0]?.items.map((i) => [i.label, i.to])).toEqual([
      ['Home', '/dashboard'],
      ['Company dashboard', '/company-dashboard'],
    ]);
    for (const role of ['admin', 'company_admin', 'company_member', 'assistant'] as const) {
      expect(labels(role)).not.toContain('Company dashboard');
    }
    expect(navGroups('organization_admin', { ...ROLE_PERMISSIONS.organization_admin, reports: [] })[0]?.items.map((i) => i.label)).toEqual(['Home']);
  });
});

describe('audit trail entry', () => {
  it('is offered to the product admin and organization admins only', () => {
    expect(labels('admin')).toContain('Audit trail');
    expect(labels('organization_admin')).toContain('Audit trail');
    for (const role of ['company_admin', 'company_member', 'assistant'] as const) expect(labels(role)).not.toContain('Audit trail');
  });
});
