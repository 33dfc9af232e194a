import { expect, test, type Page } from '@playwright/test';
import { DEMO, screenshot, signIn, skipWelcome, SCREEN_SIZES, toast } from './helpers';

// Demo data: three dental suppliers price this composite from their price lists; Patterson is cheapest.
const COMPOSITE = 'Filtek Supreme Ultra Universal Restorative A2 Body';
const FLOWABLE = 'Filtek Supreme Flowable Restorative A2';

/** A year ahead, as the date input takes it. */
function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

async function addOffer(page: Page, product: string, vendor: string, packs: number): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(product);
  const card = page.getByRole('article', { name: product });
  const offer = card.getByRole('row', { name: vendor });
  await offer.getByRole('spinbutton').fill(String(packs));
  await offer.getByRole('button', { name: /^Add .* to the cart$/ }).click();
  await expect(toast(page, 'Added to the cart')).toBeVisible();
}

test.describe('marketplace', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('search -> compare -> cart -> place -> orders page -> mark shipped -> receive -> stock on the product page', async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, DEMO.manager);
    await skipWelcome(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Marketplace' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();

    // Every vendor's offer side by side, the cheapest marked.
    await page.getByRole('searchbox', { name: 'Search products' }).fill(COMPOSITE);
    const card = page.getByRole('article', { name: COMPOSITE });
    await expect(card.getByRole('row')).toHaveCount(4);
    await expect(card.getByRole('row', { name: 'Patterson Dental' })).toContainText('Cheapest');
    await expect(card.getByRole('row', { name: 'Benco Dental' })).not.toContainText('Cheapest');
    await screenshot(page, 'marketplace-1440');

    // A cart of two vendors.
    await addOffer(page, COMPOSITE, 'Patterson Dental', 3);
    await addOffer(page, FLOWABLE, 'Henry Schein Dental', 2);
    await page.getByRole('button', { name: 'Cart, 2 lines' }).click();
    const cart = page.getByRole('region', { name: 'Cart' });
    await expect(cart.getByRole('region', { name: 'Order to Patterson Dental' })).toBeVisible();
    await expect(cart.getByRole('region', { name: 'Order to Henry Schein Dental' })).toBeVisible();
    await cart.getByRole('button', { name: 'Check prices' }).click();
    await expect(cart.getByText('The prices are up to date.')).toBeVisible();
    await screenshot(page, 'marketplace-cart-1440');
    await cart.getByRole('button', { name: 'Place orders' }).click();
    await expect(cart.getByText('2 orders placed')).toBeVisible();
    await cart.getByRole('link', { name: 'View your orders' }).click();

    // The orders page: both placed; the clinic confirms and ships Patterson's by hand.
    await expect(page.getByRole('heading', { level: 1, name: 'Marketplace orders' })).toBeVisible();
    const orders = page.getByRole('table', { name: 'Marketplace orders' });
    const patterson = orders.getByRole('row').filter({ hasText: 'Patterson Dental' }).filter({ hasText: 'Placed' });
    await expect(patterson).toHaveCount(1);
    await expect(orders.getByRole('row').filter({ hasText: 'Henry Schein Dental' }).filter({ hasText: 'Placed' })).toHaveCount(1);
    await screenshot(page, 'marketplace-orders-1440');
    const open = patterson.getByRole('button', { name: /^Open order PO-/ });
    const number = (await open.getAttribute('aria-label'))!.replace('Open order ', '');
    await open.click();
    const details = page.getByRole('dialog', { name: `Order ${number}` });
    await details.getByRole('button', { name: 'Mark confirmed' }).click();
    await expect(toast(page, 'Order status updated')).toBeVisible();
    await details.getByRole('button', { name: 'Mark shipped' }).click();
    const ship = page.getByRole('dialog', { name: `Mark ${number} shipped` });
    await ship.getByRole('textbox', { name: 'Carrier' }).fill('UPS');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(ship.getByText('Enter the tracking link of the shipment')).toBeVisible();
    await ship.getByRole('textbox', { name: 'Tracking link' }).fill('https://www.ups.com/track?tracknum=1Z999AA10123456700');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(ship).toBeHidden();
    await expect(details.getByRole('link', { name: /track/i })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456700');
    await screenshot(page, 'marketplace-order-details-1440');

    // Received like any purchase order, lot and expiry, through the ledger.
    await details.getByRole('button', { name: 'Receive' }).click();
    const receive = page.getByRole('dialog', { name: `Receive ${number}` });
    const line = receive.getByRole('listitem', { name: COMPOSITE });
    // A composite is a consumable: counted in units, one per syringe.
    await expect(line.getByRole('spinbutton', { name: 'Units', exact: true })).toHaveValue('3');
    await line.getByRole('textbox', { name: 'Lot number' }).fill('MK-E2E-3001');
    await line.getByLabel('Expiry date').fill(nextYear());
    await receive.getByRole('button', { name: 'Receive into stock' }).click();
    await expect(toast(page, 'Received into stock')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Receive' })).toBeHidden();
    await page.keyboard.press('Escape');
    const row = orders.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText('Shipped');
    await expect(row).toContainText('Received');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(COMPOSITE);
    await page.getByRole('table', { name: 'Products' }).getByRole('link', { name: COMPOSITE, exact: true }).click();
    await expect(page.getByRole('table', { name: `Stock of ${COMPOSITE}` })).toContainText('MK-E2E-3001');

    // The marketplace and its orders at phone and tablet widths, nothing wider than the screen.
    for (const size of SCREEN_SIZES.filter((s) => s.width < 1440)) {
      await page.setViewportSize(size);
      await page.goto('/marketplace');
      await page.getByRole('searchbox', { name: 'Search products' }).fill(COMPOSITE);
      await expect(page.getByRole('article', { name: COMPOSITE })).toBeVisible();
      await screenshot(page, `marketplace-${String(size.width)}`);
      await page.goto('/marketplace/orders');
      await expect(page.getByText('Patterson Dental').first()).toBeVisible();
      await screenshot(page, `marketplace-orders-${String(size.width)}`);
    }
  });
});
