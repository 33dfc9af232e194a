import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../../apps/server/test/fixtures/stripe-stand-in';
import { approveClient, registerOrganization, signIn, toast } from './helpers';

/**
 * Card payments with Stripe, end to end in the browser: a second app server is configured for
 * Stripe (its SDK pointed at the stand-in on 127.0.0.1 through STRIPE_API_BASE); Stripe's hosted
 * pages are answered by the test, and Stripe's side is played by the stand-in and signed webhooks.
 */
const PORT = 3299;
const BASE = `http://127.0.0.1:${PORT}`;
let standIn: StripeStandIn;
let server: ChildProcess;

test.use({ baseURL: BASE, viewport: { width: 1440, height: 900 } });
test.setTimeout(120_000);

test.beforeAll(async () => {
  standIn = await startStripeStandIn();
  server = spawn(process.execPath, [fileURLToPath(new URL('../start-server.mjs', import.meta.url)), String(PORT)], {
    env: {
      ...process.env,
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_BASE: `http://${standIn.host}:${String(standIn.port)}`,
    },
    stdio: 'ignore',
  });
  await expect.poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
});

test.afterAll(async () => {
  server.kill('SIGTERM');
  await standIn.close();
});

/** Delivers a Stripe event to the app as Stripe would: signed, to the webhook endpoint. */
async function deliver(type: string, object: unknown): Promise<void> {
  const event = standIn.signedEvent(type, object);
  const res = await fetch(`${BASE}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, body: event.body });
  expect(res.status).toBe(200);
}

test('pays on Stripe Checkout, then a failed renewal asks for Manage Subscriptions, which opens the customer portal', async ({ page }) => {
  await page.route('https://checkout.stripe.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }));
  await page.route('https://billing.stripe.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Stripe customer portal</h1>' }));

  const name = `Card Smiles ${Date.now().toString().slice(-6)}`;
  const owner = await registerOrganization(page, { name });
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Warning' }).getByRole('button', { name: 'Accept' }).click();
  await approveClient(page, name);

  await signIn(page, owner.email, owner.password);
  const dialog = page.getByRole('dialog', { name: 'Subscription required' });
  // Real card payments: no test-payment note.
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toContainText('test payments');
  await dialog.getByRole('button', { name: 'Subscribe: Twelve months, single location' }).click();
  await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

  // The customer pays on Stripe's page; Stripe confirms by webhook and sends the browser back.
  const sessionId = page.url().split('/').pop()!;
  standIn.completeCheckout(sessionId);
  const { form: _form, ...session } = standIn.sessions.get(sessionId)!;
  await deliver('checkout.session.completed', session);
  await page.goto('/dashboard?success=true');
  await expect(toast(page, 'Payment succesfull')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('alertdialog', { name: 'Take a quick tour' }).getByRole('button', { name: 'Remind me later' }).click();

  // The renewal fails: Stripe marks the subscription past due with an open invoice.
  const subscription = standIn.subscriptions.get(String(session.subscription))!;
  standIn.setSubscription(subscription.id, { status: 'past_due' });
  await deliver('invoice.payment_failed', standIn.addInvoice(subscription.id, 'open', 205_188));
  await page.reload();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Manage Subscriptions' }).click();
  await expect(page).toHaveURL(/^https:\/\/billing\.stripe\.com\/p\/session\//);
  await expect(page.getByRole('heading', { name: 'Stripe customer portal' })).toBeVisible();
});
