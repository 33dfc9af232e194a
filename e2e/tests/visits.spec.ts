import { expect, test, type Page } from '@playwright/test';
import { DEMO, screenshot, screenshotAtReviewSizes, signIn, skipWelcome, SCREEN_SIZES, toast } from './helpers';

const LIDOCAINE = 'Cook-Waite Lidocaine HCl 2% with Epinephrine 1:100000';
// In the catalog but never stocked at Downtown.
const UNSTOCKED = 'Enhance Finishing Points';

async function chooseTreatment(page: Page, search: string, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Treatments' }).fill(search);
  await page.getByRole('option', { name: label }).click();
}

// A fake microphone (a tone) for the recording, with no permission prompt; only in this file, so
// the scanner tests elsewhere still see a browser without a camera.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

test.describe('treatment execution and patient history', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  test.setTimeout(90_000);

  test('execute a designed treatment for a chart number, see the stock shortage refused, and read the visit’s costs', async ({ page }) => {
    const chart = `CH-${String(Date.now()).slice(-6)}`;
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Execute' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Execute treatment' })).toBeVisible();

    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(page.getByText('Patient chart number is required')).toBeVisible();
    await expect(page.getByText('Choose at least one treatment')).toBeVisible();

    await page.getByRole('combobox', { name: 'Patient chart number' }).fill(chart);
    await chooseTreatment(page, 'D7140', 'D7140 · Extraction, erupted tooth');
    const tray = page.getByRole('region', { name: 'Tray' });
    await expect(tray.getByRole('listitem')).toHaveCount(5);
    await tray.getByRole('listitem', { name: LIDOCAINE }).getByRole('spinbutton', { name: 'Units' }).fill('1');
    // The clinician names the newest lidocaine lot ($63 a box of 50) instead of first expiry first.
    await tray.getByRole('listitem', { name: LIDOCAINE }).getByRole('combobox', { name: 'Lot' }).click();
    await page.getByRole('option', { name: /^LC25A088/ }).click();

    // Leaving with a procedure in progress asks first; Cancel keeps it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patient history' }).click();
    const discard = page.getByRole('dialog', { name: 'Discard procedure' });
    await expect(discard).toContainText('You are about to discard the procedure');
    await discard.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Execute treatment' })).toBeVisible();
    await expect(tray.getByRole('listitem')).toHaveCount(5);

    // A product nobody stocked: the whole visit is refused, naming it.
    await tray.getByRole('combobox', { name: 'Add a product used at the chair' }).fill(UNSTOCKED);
    await page.getByRole('option', { name: new RegExp(`^${UNSTOCKED}`) }).click();
    await screenshot(page, 'treatment-execution-1440');
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(toast(page, `${UNSTOCKED} - Not enough stock`)).toBeVisible();

    await tray.getByRole('button', { name: `Remove ${UNSTOCKED} from the tray` }).click();
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(toast(page, 'Procedure saved')).toBeVisible();
    await expect(page.getByText(`Visit of ${chart} saved`)).toBeVisible();
    await expect(tray.getByRole('listitem')).toHaveCount(0);

    await page.getByRole('link', { name: 'Open history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: chart })).toBeVisible();
    await expect(page.getByLabel('Total Visits')).toHaveText('1');
    const products = page.getByRole('table', { name: 'D7140 · Extraction, erupted tooth' });
    await expect(products.getByRole('row', { name: new RegExp(LIDOCAINE.replace(/[().%:]/g, '\\$&')) })).toContainText('$1.26000');
    await expect(products.getByRole('row', { name: /^Treatment Total/ })).toBeVisible();
    await screenshot(page, 'patient-1440');

    // Case notes: view, edit, save, copy.
    await page.getByRole('button', { name: 'View case note' }).click();
    const notes = page.getByRole('dialog', { name: 'Case notes' });
    await notes.getByRole('button', { name: 'Edit' }).click();
    await notes.getByRole('textbox', { name: 'Case notes' }).fill('Extraction of #30 under local anesthesia. No complications.');
    await notes.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Case notes saved')).toBeVisible();
    await notes.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('region', { name: 'Case notes' })).toContainText('No complications.');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy case notes' }).click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();

    // Record the visit with Chromium's fake microphone, save it, and watch the case notes being made.
    await page.getByRole('button', { name: 'Add Recording' }).click();
    const recorder = page.getByRole('region', { name: 'Recording' });
    await recorder.getByRole('button', { name: 'Record' }).click();
    await expect(recorder.getByRole('status')).toHaveText('Recording…');
    await recorder.getByRole('button', { name: 'Pause' }).click();
    await expect(recorder.getByRole('status')).toHaveText('Paused');
    await recorder.getByRole('button', { name: 'Resume' }).click();
    await page.waitForTimeout(1500);
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await expect(recorder.getByRole('status')).toHaveText('1 clip ready');
    await screenshot(page, 'recording-1440');
    await recorder.getByRole('button', { name: 'Save recording' }).click();
    await expect(toast(page, 'Recording saved!')).toBeVisible();
    const caseNotes = page.getByRole('region', { name: 'Case notes' });
    await expect(caseNotes.getByRole('tabpanel')).toContainText('tooth extracted', { timeout: 20_000 });
    await caseNotes.getByRole('tab', { name: 'Summary' }).click();
    await expect(caseNotes.getByRole('tabpanel')).toContainText('Recorded visit: D7140');
    await expect(caseNotes).toContainText('Materials:');
    // One recording per visit: no second Add Recording.
    await expect(page.getByRole('button', { name: 'Add Recording' })).toHaveCount(0);

    // A recall of the lidocaine lot named above finds this patient, and exports the list.
    await page.goto('/patients');
    await page.getByRole('link', { name: 'Trace a lot' }).click();
    await page.getByRole('textbox', { name: 'Lot number' }).fill('lc25a088');
    await page.getByRole('button', { name: 'Trace' }).click();
    await expect(page.getByRole('table', { name: 'Patients who received the lot' })).toContainText(chart);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^recall-lc25a088\.csv$/i);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patient history' }).click();
    await page.getByRole('searchbox', { name: 'Search chart number' }).fill(chart);
    await expect(page.getByRole('table', { name: 'Patients' }).getByRole('link', { name: chart, exact: true })).toBeVisible();
    await expect(page.getByLabel('Visits', { exact: true })).toHaveText('1');

    // The row's case notes actions: the same dialog (view, then edit) and Copy, for the latest visit.
    const patients = page.getByRole('table', { name: 'Patients' });
    await patients.getByRole('button', { name: `Case notes of ${chart}`, exact: true }).click();
    const listNotes = page.getByRole('dialog', { name: 'Case notes' });
    await expect(listNotes).toContainText('Materials:');
    for (const size of [{ width: 390, height: 844 }, { width: 820, height: 1180 }, { width: 1180, height: 820 }, { width: 1366, height: 768 }]) {
      await page.setViewportSize(size);
      await screenshot(page, `patients-case-notes-${String(size.width)}x${String(size.height)}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await listNotes.getByRole('button', { name: 'Edit' }).click();
    await listNotes.getByRole('textbox', { name: 'Case notes' }).fill('Edited from the patient history list.');
    await listNotes.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Case notes saved')).toBeVisible();
    await expect(listNotes).toContainText('Edited from the patient history list.');
    await listNotes.getByRole('button', { name: 'Close' }).click();
    await patients.getByRole('button', { name: `Copy case notes of ${chart}` }).click();
    await expect(toast(page, 'copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Edited from the patient history list.');
    await screenshot(page, 'patients-copied-1440');
  });

  test('record during the procedure: clips are kept with the visit by Save procedure, and play back from the patient page', async ({ page }) => {
    const chart = `RC-${String(Date.now()).slice(-6)}`;
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await page.goto(`/treatment-execution/${chart}`);
    await chooseTreatment(page, 'D1110', 'D1110 · Prophylaxis, adult');
    await expect(page.getByRole('region', { name: 'Tray' }).getByRole('listitem')).toHaveCount(3);

    await page.getByRole('button', { name: 'Add Recording' }).click();
    const recorder = page.getByRole('region', { name: 'Recording' });
    // No second recorder while this one is open.
    await expect(page.getByRole('button', { name: 'Add Recording' })).toHaveCount(0);
    await recorder.getByRole('button', { name: 'Record' }).click();
    await expect(recorder.getByRole('status')).toHaveText('Recording…');
    // Saving waits for the recording to stop.
    await expect(page.getByRole('button', { name: 'Save procedure' })).toBeDisabled();
    await recorder.getByRole('button', { name: 'Pause' }).click();
    await expect(recorder.getByRole('status')).toHaveText('Paused');
    await recorder.getByRole('button', { name: 'Resume' }).click();
    await page.waitForTimeout(1200);
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await expect(recorder.getByRole('status')).toHaveText('1 clip ready');
    await recorder.getByRole('button', { name: 'Record' }).click();
    await page.waitForTimeout(500);
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await expect(recorder.getByRole('status')).toHaveText('2 clips ready');
    // Listened to, then the second one removed before saving.
    await expect.poll(() => recorder.getByLabel('Clip 1', { exact: true }).evaluate((audio: HTMLAudioElement) => audio.readyState)).toBeGreaterThan(0);
    await recorder.getByRole('button', { name: 'Remove clip 2' }).click();
    await expect(recorder.getByRole('status')).toHaveText('1 clip ready');
    await screenshotAtReviewSizes(page, 'chair-recording');

    // Scrolled to the end as a person would: the button then sits clear of the Assistant button.
    await page.evaluate(() => { window.scrollTo(0, document.documentElement.scrollHeight); });
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(toast(page, 'Procedure saved')).toBeVisible();
    await expect(page.getByText(`Visit of ${chart} saved`)).toBeVisible();
    await expect(page.getByText('Recording saved!')).toBeVisible();
    // The page is ready for the next patient: no clip left, Add Recording offered again.
    await expect(page.getByRole('button', { name: 'Add Recording' })).toBeVisible();

    await page.getByRole('link', { name: 'Open history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: chart })).toBeVisible();
    const recordings = page.getByRole('region', { name: 'Recordings' });
    const saved = recordings.getByLabel('Recording 1', { exact: true });
    await expect(saved).toBeVisible();
    await expect(recordings.getByLabel('Recording 2', { exact: true })).toHaveCount(0);
    // The stored WAV streams through the signed file route and the player reads it.
    await expect.poll(() => saved.evaluate((audio: HTMLAudioElement) => audio.duration), { timeout: 15_000 }).toBeGreaterThan(0.5);
    const file = await page.request.get(await saved.evaluate((audio: HTMLAudioElement) => audio.currentSrc));
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('audio/wav');
    await expect(page.getByRole('region', { name: 'Case notes' }).getByRole('tabpanel')).toContainText('tooth extracted', { timeout: 20_000 });
    // The visit has its recording: no Add Recording here either.
    await expect(page.getByRole('button', { name: 'Add Recording' })).toHaveCount(0);
    await screenshotAtReviewSizes(page, 'visit-recordings');
  });

  test('offline at the chair: Save procedure keeps the visit and its recording on this device, frees the form for the next patient, and both are recorded once when the network is back, the recording transcribed', async ({ page, context }) => {
    const chart = `OF-${String(Date.now()).slice(-6)}`;
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await page.goto(`/treatment-execution/${chart}`);
    await chooseTreatment(page, 'D1110', 'D1110 · Prophylaxis, adult');
    await expect(page.getByRole('region', { name: 'Tray' }).getByRole('listitem')).toHaveCount(3);

    await context.setOffline(true);
    // Recorded with the network off (issue 52 item 4): the clip is kept with the visit on the device.
    await page.getByRole('button', { name: 'Add Recording' }).click();
    const recorder = page.getByRole('region', { name: 'Recording' });
    await recorder.getByRole('button', { name: 'Record' }).click();
    await expect(recorder.getByRole('status')).toHaveText('Recording…');
    await page.waitForTimeout(1200);
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await expect(recorder.getByRole('status')).toHaveText('1 clip ready');
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(toast(page, 'Kept on this device: the visit will be sent when the network is back.')).toBeVisible();
    const waiting = page.getByRole('region', { name: 'Not sent yet' }).getByRole('listitem', { name: `${chart}: Prophylaxis, adult` });
    await expect(waiting).toContainText('Waiting to send');
    // The visit is kept on the device: the form is free for the next patient.
    await expect(page.getByRole('region', { name: 'Tray' }).getByRole('listitem')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save procedure' })).toBeEnabled();
    await screenshotAtReviewSizes(page, 'chair-offline');

    await context.setOffline(false);
    await expect(toast(page, 'Procedure saved')).toBeVisible();
    await expect(page.getByText(`Visit of ${chart} saved`)).toBeVisible();
    await expect(page.getByText('Recording saved!')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Not sent yet' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Open history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: chart })).toBeVisible();
    await expect(page.getByLabel('Total Visits')).toHaveText('1');
    // The recording went up with the visit and was transcribed into its case notes.
    await expect(page.getByRole('region', { name: 'Recordings' }).getByLabel('Recording 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Case notes' }).getByRole('tabpanel')).toContainText('tooth extracted', { timeout: 20_000 });
  });

  test('the treatments picker never offers a row that does not match what was typed, even while the search is on its way', async ({ page }) => {
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await page.goto(`/treatment-execution/PK-${String(Date.now()).slice(-6)}`);
    const box = page.getByRole('combobox', { name: 'Treatments' });
    await box.click();
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await page.getByRole('option').count()).toBeGreaterThan(3);
    await box.fill('D1110');
    // Sampled across the debounce and the request: every row offered matches, from the first instant.
    for (let sample = 0; sample < 12; sample += 1) {
      const offered = await page.getByRole('option').allTextContents();
      expect(offered.every((text) => text.includes('D1110')), offered.join(' | ')).toBe(true);
      await page.waitForTimeout(50);
    }
    await expect(page.getByRole('option', { name: 'D1110 · Prophylaxis, adult' })).toBeVisible();
  });

  test('edit a saved visit: a product taken out and a quantity lowered go back to stock, and the visit is costed anew', async ({ page }) => {
    const chart = `ED-${String(Date.now()).slice(-6)}`;
    const gloves = 'Evolve 300 Nitrile Exam Gloves Small (Box of 300)';
    const bib = 'Dental Bibs 2-Ply Tissue and Poly Blue 13 x 18 in (Case of 500)';
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await page.goto(`/treatment-execution/${chart}`);
    await chooseTreatment(page, 'D1110', 'D1110 · Prophylaxis, adult');
    const tray = page.getByRole('region', { name: 'Tray' });
    await tray.getByRole('listitem', { name: gloves }).getByRole('spinbutton', { name: 'Units' }).fill('4');
    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(toast(page, 'Procedure saved')).toBeVisible();
    await page.getByRole('link', { name: 'Open history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: chart })).toBeVisible();
    const before = await page.getByLabel('Visit Cost').textContent();

    await page.getByRole('link', { name: 'Edit visit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Edit visit of ${chart}` })).toBeVisible();
    await expect(tray.getByRole('listitem')).toHaveCount(3);
    await tray.getByRole('listitem', { name: gloves }).getByRole('spinbutton', { name: 'Units' }).fill('2');
    await tray.getByRole('button', { name: `Remove ${bib} from the tray` }).click();
    // Leaving with changes asks first.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: 'Discard procedure' }).getByRole('button', { name: 'Cancel' }).click();
    await screenshot(page, 'visit-edit-1440');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, /^Visit updated/)).toBeVisible();

    await expect(page.getByRole('heading', { level: 1, name: chart })).toBeVisible();
    const products = page.getByRole('table', { name: 'D1110 · Prophylaxis, adult' });
    await expect(products.getByRole('row')).toHaveCount(5);
    await expect(products.getByRole('row', { name: new RegExp(`^${gloves.replace(/[()]/g, '\\$&')}`) }).getByRole('cell').nth(1)).toHaveText('2');
    await expect(products).not.toContainText(bib);
    await expect(page.getByLabel('Visit Cost')).not.toHaveText(before ?? '');
  });

  test('the case note proposes the tray: the clinician accepts a line at the chair, and only Save records it', async ({ page }) => {
    const chart = `CN-${String(Date.now()).slice(-6)}`;
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    await page.goto('/treatment-execution');
    await page.getByRole('combobox', { name: 'Patient chart number' }).fill(chart);
    await chooseTreatment(page, 'D7140', 'D7140 · Extraction, erupted tooth');
    const tray = page.getByRole('region', { name: 'Tray' });
    await expect(tray.getByRole('listitem')).toHaveCount(5);
    const lidocaine = tray.getByRole('listitem', { name: LIDOCAINE }).getByRole('spinbutton', { name: 'Units' });
    await expect(lidocaine).toHaveValue('2');

    const panel = page.getByRole('region', { name: 'Proposed from the case note' });
    await expect(panel.getByRole('button', { name: 'Propose from note' })).toBeDisabled();
    await panel.getByRole('textbox', { name: 'Case note' }).fill('LA: 3 carpules of Cook-Waite lidocaine. #30 extracted, socket irrigated, 6 Sterile gauze, closed with Vicryl 3-0.');
    await panel.getByRole('button', { name: 'Propose from note' }).click();

    // The endpoint's stand-in names the note's products and one the catalog does not hold: that one is dropped.
    const proposed = panel.getByRole('listitem', { name: LIDOCAINE });
    await expect(proposed).toContainText('“3 carpules of Cook-Waite”');
    // The lots first expiry first, as Save would take them (the demo's first lot has less than 3 left).
    await expect(proposed).toContainText(/Lot \S+ · exp\. \d\d-\d\d-\d{4} · [\d.]+/);
    await expect(panel).toContainText('1 line the AI service named did not match your catalog or the note and was left out.');
    await expect(proposed.getByRole('spinbutton', { name: `Quantity of ${LIDOCAINE} (cartridge)` })).toHaveValue('3');
    // Nothing is taken yet: the tray still holds the design's quantity.
    await expect(lidocaine).toHaveValue('2');

    // Keyboard: Accept by Enter; the focus goes on to the next proposed line.
    await proposed.getByRole('button', { name: `Accept ${LIDOCAINE}` }).focus();
    await page.keyboard.press('Enter');
    await expect(proposed).toContainText('Added to the tray: 3 (cartridge)');
    await expect(lidocaine).toHaveValue('3');
    await expect(tray.getByRole('listitem')).toHaveCount(5);
    await expect(page.locator(':focus')).toHaveAccessibleName(/^Accept /);

    for (const size of [{ width: 1440, height: 900 }, { width: 820, height: 1180 }]) {
      await page.setViewportSize(size);
      await screenshot(page, `tray-proposal-${String(size.width)}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: 'Save procedure' }).click();
    await expect(toast(page, 'Procedure saved')).toBeVisible();
    await expect(page.getByText(`Visit of ${chart} saved`)).toBeVisible();
    await expect(panel.getByRole('textbox', { name: 'Case note' })).toHaveValue('');
  });

  test('execution and patients at 390, 820 and 1440 px', async ({ page }) => {
    // One sign-in, then each width in turn (one test, not one per width: CI time).
    test.setTimeout(180_000);
    await signIn(page, DEMO.member);
    await skipWelcome(page);
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await page.goto('/treatment-execution');
      await chooseTreatment(page, 'D1110', 'D1110 · Prophylaxis, adult');
      await expect(page.getByRole('region', { name: 'Tray' }).getByRole('listitem')).toHaveCount(3);
      await screenshot(page, `treatment-execution-${String(size.width)}`);
      await page.goto('/patients');
      await expect(page.getByRole('heading', { level: 1, name: 'Patient history' })).toBeVisible();
      await screenshot(page, `patients-${String(size.width)}`);
    }
  });
});
