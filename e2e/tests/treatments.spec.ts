import { expect, test, type Page } from '@playwright/test';
import { DEMO, screenshot, signIn, skipWelcome, SCREEN_SIZES, toast } from './helpers';

// Demo stock at Downtown, after the demo visits: the composite's next lot costs $18 a gram, the lidocaine's $1.23 a cartridge.
const COMPOSITE = 'Filtek Z250 Universal Restorative A2';
const LIDOCAINE = 'Cook-Waite Lidocaine HCl 2% with Epinephrine 1:100000';

async function addToTray(page: Page, search: string, name: string, units: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Add a product to the tray' }).fill(search);
  await page.getByRole('option', { name: new RegExp(`^${name.replace(/[().%:]/g, '\\$&')}`) }).click();
  await page.getByRole('listitem', { name }).getByRole('spinbutton', { name: 'Units' }).fill(units);
}

test.describe('treatment design', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a category, a treatment with its tray costed at today’s lots, and the product page naming it', async ({ page }) => {
    const code = `D${String(Date.now()).slice(-4)}`;
    const category = `Restorative ${code}`;
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Design' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Treatment Categories' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Category' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(category);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Category added successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(category.toLowerCase());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Category already exists')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('table', { name: 'Treatment categories' }).getByRole('link', { name: category }).click();
    await page.getByRole('link', { name: 'New treatment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New treatment' })).toBeVisible();
    await page.getByRole('button', { name: 'Save treatment' }).click();
    await expect(page.getByText('Treatment code is required')).toBeVisible();
    await page.getByRole('textbox', { name: 'Treatment code' }).fill(code);
    await page.getByRole('textbox', { name: 'Name' }).fill('Posterior composite, one surface');
    await page.getByRole('textbox', { name: 'Abbreviation' }).fill('COMP1');
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText(category);
    await addToTray(page, 'filtek z250', COMPOSITE, '0');
    await addToTray(page, 'cook-waite lidocaine', LIDOCAINE, '2');
    await expect(page.getByText('Enter a quantity of at least 0.001')).toBeVisible();
    await page.getByRole('listitem', { name: COMPOSITE }).getByRole('spinbutton', { name: 'Units' }).fill('0.35');
    await screenshot(page, 'treatment-form-1440');
    await page.getByRole('button', { name: 'Save treatment' }).click();
    await expect(toast(page, 'Treatment created')).toBeVisible();

    // 0.35 g x $18 + 2 x $1.23 = $8.76 a visit.
    await expect(page.getByRole('heading', { level: 1, name: `${code} · Posterior composite, one surface` })).toBeVisible();
    const tray = page.getByRole('table', { name: `Tray of ${code}` });
    await expect(tray.getByRole('row', { name: /^Estimated cost per visit/ })).toContainText('$8.76');
    await screenshot(page, 'treatment-detail-1440');

    // The same code again is refused with the spec's message.
    await page.goto('/treatment/form');
    await page.getByRole('textbox', { name: 'Treatment code' }).fill(code.toLowerCase());
    await page.getByRole('textbox', { name: 'Name' }).fill('Duplicate');
    await page.getByRole('button', { name: 'Save treatment' }).click();
    await expect(toast(page, 'Treatment already exists')).toBeVisible();

    // The composite's page lists the treatment.
    await page.goto('/treatment/design');
    await page.getByRole('searchbox', { name: 'Search treatments' }).fill(code);
    await page.getByRole('table', { name: 'Treatments' }).getByRole('link', { name: code }).click();
    await page.getByRole('table', { name: `Tray of ${code}` }).getByRole('link', { name: COMPOSITE }).click();
    await expect(page.getByRole('table', { name: 'Associated treatments' })).toContainText(code);
  });

  test('an assistant reads designs but cannot change them', async ({ page }) => {
    await signIn(page, DEMO.assistant);
    await skipWelcome(page);
    await page.goto('/treatments/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Treatment Categories' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Category' })).toHaveCount(0);
    await page.goto('/treatment/form');
    await expect(page).not.toHaveURL(/treatment\/form/);
  });

  test('treatment design pages at 390, 820 and 1440 px', async ({ page }) => {
    // One sign-in, then each width in turn (one test, not one per width: CI time).
    test.setTimeout(180_000);
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto('/treatments/categories');
      await expect(page.getByRole('heading', { level: 1, name: 'Treatment Categories' })).toBeVisible();
      await screenshot(page, `treatment-categories-${String(size.width)}`);
      await page.goto('/treatment/design');
      await expect(page.getByRole('heading', { level: 1, name: 'Treatments' })).toBeVisible();
      await screenshot(page, `treatments-${String(size.width)}`);
      await page.getByRole('table', { name: 'Treatments' }).getByRole('link').first().click();
      await expect(page.getByRole('table', { name: /^Tray of / })).toBeVisible();
      await screenshot(page, `treatment-detail-${String(size.width)}`);
    }
  });
});
