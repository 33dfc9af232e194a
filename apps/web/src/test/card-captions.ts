/**
 * What a table cell shows as its caption when the table is in card mode (tableCardsSx, below
 * 600 px). jsdom neither applies media queries nor computes `::before`, so this reads the rules of
 * the card-mode media query from the page's style sheets and returns the `content` of the
 * `::before` rule that matches the cell, or null.
 */
export function cardCaption(cell: Element): string | null {
  let caption: string | null = null;
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSMediaRule) || !rule.conditionText.includes('max-width')) continue;
      for (const inner of Array.from(rule.cssRules)) {
        if (!(inner instanceof CSSStyleRule)) continue;
        const content = inner.style.getPropertyValue('content');
        const selectors = inner.selectorText.split(',').filter((selector) => selector.trim().endsWith('::before'));
        if (content && selectors.some((selector) => cell.matches(selector.trim().replace(/::before$/, '')))) {
          caption = JSON.parse(content) as string;
        }
      }
    }
  }
  return caption;
}

/**
 * A property's value for a cell in card mode, from the card-mode media query's rules that match
 * the cell itself (not a pseudo-element), or null; the last matching rule wins, as in the sheet.
 */
export function cardCellStyle(cell: Element, property: string): string | null {
  let value: string | null = null;
  for (const sheet of Array.from(document.styleSheets)) {
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSMediaRule) || !rule.conditionText.includes('max-width')) continue;
      for (const inner of Array.from(rule.cssRules)) {
        if (!(inner instanceof CSSStyleRule)) continue;
        const found = inner.style.getPropertyValue(property);
        const selectors = inner.selectorText.split(',').map((selector) => selector.trim()).filter((selector) => !selector.includes('::'));
        if (found && selectors.some((selector) => cell.matches(selector))) value = found;
      }
    }
  }
  return value;
}

