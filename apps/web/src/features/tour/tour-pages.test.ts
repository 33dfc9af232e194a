import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, type Role } from '@clinic/domain';
import { navGroups } from '../../app/layout/nav-items';
import { isOnTourPage, offeredTourPages } from './tour-pages';

const stopsFor = (role: Role, permissions = ROLE_PERMISSIONS[role]) => {
  const navPaths = navGroups(role, permissions).flatMap((group) => group.items.map((item) => item.to));
  return offeredTourPages(navPaths, permissions).map((page) => page.id);
};

describe('tour stops', () => {
  it('follow the spec’s order for location users', () => {
    const all = ['home', 'products', 'stock-room', 'purchasing', 'execute', 'patient-history', 'alerts'];
    for (const role of ['organization_admin', 'company_admin', 'company_member', 'assistant'] as const) expect(stopsFor(role)).toEqual(all);
  });

  it('show the product admin only its own pages: no stock, purchasing, treatments or alerts', () => {
    expect(stopsFor('admin')).toEqual(['home', 'products', 'clients']);
  });

  it('leave out a page the user’s permissions hide', () => {
    const { stock: _stock, runningList: _runningList, ...rest } = ROLE_PERMISSIONS.company_member;
    expect(stopsFor('company_member', rest)).toEqual(['home', 'products', 'execute', 'patient-history', 'alerts']);
  });

  it('count any product page as the Stock Room’s, and only the exact path otherwise', () => {
    expect(isOnTourPage({ kind: 'stock-room' }, '/products/2f6c1d5e-8a3b-4c7d-9e1f-0a2b3c4d5e6f')).toBe(true);
    expect(isOnTourPage({ kind: 'stock-room' }, '/products/pending')).toBe(false);
    expect(isOnTourPage({ kind: 'path', path: '/products' }, '/products')).toBe(true);
    expect(isOnTourPage({ kind: 'path', path: '/products' }, '/products-v2')).toBe(false);
  });
});
