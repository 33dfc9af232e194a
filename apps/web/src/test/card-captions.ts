/**
 * jsdom neither applies media queries nor computes `::before`, so these read the card-mode rules
 * (tableCardsSx, below 600 px) from the page's style sheets and match them against a cell.
 */
function* cardModeRules(): Generator<CSSStyleRule> {
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSMediaRule) || !rule.conditionText.includes('max-width')) continue;
      for (const inner of Array.from(rule.cssRules)) if (inner instanceof CSSStyleRule) yield inner;
    }
  }
}

/**
 * A property's value for a cell in card mode, or null: from the rules whose selector, with
 * `pseudo` removed from its end ('' for the cell itself), matches the cell; the last one wins, as in the sheet.
 */
function cardModeValue(cell: Element, property: string, pseudo: '' | '::before'): string | null {
  let value: string | null = null;
  for (const rule of cardModeRules()) {
    const found = rule.style.getPropertyValue(property);
    const selectors = rule.selectorText.split(',').map((selector) => selector.trim());
    const matching = selectors.filter((selector) => (pseudo ? selector.endsWith(pseudo) : !selector.includes('::')));
    if (found && matching.some((selector) => cell.matches(pseudo ? selector.slice(0, -pseudo.length) : selector))) value = found;
  }
  return value;
}

/** What a table cell shows as its caption in card mode (its `::before` content), or null. */
export function cardCaption(cell: Element): string | null {
  const content = cardModeValue(cell, 'content', '::before');
  return content === null ? null : (JSON.parse(content) as string);
}

/** A property's value for the cell itself in card mode, or null. */
export function cardCellStyle(cell: Element, property: string): string | null {
  return cardModeValue(cell, property, '');
}
