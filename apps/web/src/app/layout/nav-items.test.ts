import { describe, expect, it } from 'vitest';
import { isNavItemActive, navGroups } from './nav-items';

const labels = (role: Parameters<typeof navGroups>[0]) => navGroups(role).flatMap((group) => group.items.map((item) => item.label));

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
