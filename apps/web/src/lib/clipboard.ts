/**
 * Copies text that is still being fetched when the person clicks. Safari only lets a page write
 * to the clipboard inside the click itself, so the pending text goes in as a ClipboardItem
 * promise there; browsers without ClipboardItem write once the text has arrived (Chromium and
 * Firefox still count that as the same click for a few seconds). Resolves to the text copied.
 */
export async function copyPendingText(text: Promise<string>): Promise<string> {
  if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard.write === 'function') {
    const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    return text;
  }
  const value = await text;
  await navigator.clipboard.writeText(value);
  return value;
}
