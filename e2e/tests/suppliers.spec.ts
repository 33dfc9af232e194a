import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseRowAction, DEMO, SCREEN_SIZES, screenshot, signIn, signOut, skipWelcome, toast } from './helpers';

interface SupplierInput {
  name: string;
  email: string;
  phone: string;
  taxId: string;
  address?: string;
  contactEmail: string;
  contactPhone: string;
}

function supplierInput(name: string): SupplierInput {
  return {
    name,
    email: 'orders@henry-supply.test',
    phone: '+1 512 555 0190',
    taxId: 'TX-77-1234',
    address: '500 Congress Ave, Austin, TX',
    contactEmail: 'sam@henry-supply.test',
    contactPhone: '+1 512 555 0191',
  };
}

function field(dialog: Locator, label: string): Locator {
  return dialog.getByRole('textbox', { name: label, exact: true });
}

async function openAddDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Supplier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Supplier' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillSupplier(dialog: Locator, input: SupplierInput): Promise<void> {
  await field(dialog, 'Name').fill(input.name);
  await field(dialog, 'Email').fill(input.email);
  await field(dialog, 'Phone').fill(input.phone);
  await field(dialog, 'Tax ID').fill(input.taxId);
  await field(dialog, 'Address').fill(input.address ?? '');
  await field(dialog, 'Contact email').fill(input.contactEmail);
  await field(dialog, 'Contact phone').fill(input.contactPhone);
}

async function openSuppliers(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Suppliers' }).click();
  await expect(page).toHaveURL(/\/suppliers$/);
  await expect(page.getByRole('heading', { name: 'Suppliers', level: 1 })).toBeVisible();
}

/** Narrows the list to one supplier and returns its row. */
async function findRow(page: Page, name: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search suppliers' }).fill(name);
  const row = page.getByRole('table', { name: 'Suppliers' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('suppliers', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a member creates and edits a supplier, a name clash is refused, the location admin deletes it', async ({ page }) => {
    const name = `Henry Dental Supply ${String(Date.now())}`;

    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Inventory')).toBeVisible();
    await openSuppliers(page);

    let dialog = await openAddDialog(page);
    await fillSupplier(dialog, supplierInput(name));
    await dialog.getByRole('button', { name: 'Add Supplier' }).click();
    await expect(toast(page, 'Supplier created')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = await findRow(page, name);
    await expect(row).toContainText('+1 512 555 0190');

    // Same name again: the server answers 409 and the form stays open with what was typed.
    dialog = await openAddDialog(page);
    await fillSupplier(dialog, supplierInput(name));
    await dialog.getByRole('button', { name: 'Add Supplier' }).click();
    await expect(toast(page, 'Supplier already exists')).toBeVisible();
    await expect(field(dialog, 'Name')).toHaveValue(name);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // A member may edit but not delete.
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Supplier' });
    await expect(field(dialog, 'Name')).toHaveValue(name);
    await field(dialog, 'Phone').fill('+1 512 555 0199');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Supplier updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('+1 512 555 0199');

    await signOut(page);
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    await openSuppliers(page);
    const managerRow = await findRow(page, name);
    await chooseRowAction(managerRow, name, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete supplier' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted supplier')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('table', { name: 'Suppliers' })).toContainText('No suppliers found');
  });

  test("the product admin's shared suppliers are marked Shared and read-only for a location, which keeps only its own price list for them", async ({ page }) => {
    const name = `Shared Medical Supply ${String(Date.now())}`;
    await signIn(page, DEMO.admin);
    await skipWelcome(page);
    await openSuppliers(page);
    const dialog = await openAddDialog(page);
    await fillSupplier(dialog, supplierInput(name));
    await dialog.getByRole('button', { name: 'Add Supplier' }).click();
    await expect(toast(page, 'Supplier created')).toBeVisible();
    const adminRow = await findRow(page, name);
    await expect(adminRow.getByText('Shared', { exact: true })).toHaveCount(0);
    await expect(adminRow.getByRole('button', { name: `Actions for ${name}` })).toBeVisible();

    await signOut(page);
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    await openSuppliers(page);
    const row = await findRow(page, name);
    await expect(row.getByText('Shared', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Price list']);
  });

  test('an invalid e-mail is shown under the input and nothing is saved', async ({ page }) => {
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await openSuppliers(page);

    const dialog = await openAddDialog(page);
    await fillSupplier(dialog, { ...supplierInput(`Invalid Email Supply ${String(Date.now())}`), email: 'orders-at-henry' });
    await dialog.getByRole('button', { name: 'Add Supplier' }).click();
    await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
    await expect(field(dialog, 'Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, 'Supplier created')).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });
});

test('suppliers at 390, 820 and 1440 px: the list and the form fit the screen', async ({ page }) => {
  // One sign-in, then each width in turn (one test, not one per width: CI time).
  test.setTimeout(180_000);
  await signIn(page, DEMO.member);
  await skipWelcome(page);
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    // One supplier with long values, so the screenshot shows a filled row (409 once it exists).
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const created = await page.request.post('/api/supplier', {
      headers: { Authorization: `Bearer ${String(token)}` },
      data: {
        name: 'Patterson Dental Supply',
        email: 'customer.service@pattersondental.test',
        phone: '+1 800 555 0100',
        tax_id: 'US-41-0886100',
        address: '1031 Mendota Heights Rd, Saint Paul, MN',
        contact_email: 'regional.rep@pattersondental.test',
        contact_phone: '+1 651 555 0123',
      },
    });
    expect([201, 409]).toContain(created.status());

    await page.goto('/suppliers');
    await expect(page.getByRole('table', { name: 'Suppliers' })).toContainText('Patterson Dental Supply');
    await screenshot(page, `suppliers-${String(size.width)}`);

    const dialog = await openAddDialog(page);
    await expect(field(dialog, 'Contact phone')).toBeVisible();
    await screenshot(page, `suppliers-dialog-${String(size.width)}`);
  }
});
