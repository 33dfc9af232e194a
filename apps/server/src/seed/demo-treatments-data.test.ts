import { DEMO_PRODUCTS } from './demo-catalog-data';
import { DEMO_LOTS } from './demo-stock-data';
import { DEMO_TREATMENTS } from './demo-treatments-data';

// Issue 55: the demo's trays agree with their names and their products' units. A tray's quantity
// is in the product's stock unit (units per container of its lots): one syringe of a box of two
// syringes is 1, twenty units of a 100-unit vial 0.2.

const productOf = (name: string) => {
  const product = DEMO_PRODUCTS.find((p) => p.name === name);
  if (!product) throw new Error(`${name} is not in the demo catalog`);
  return product;
};

/** What one stock unit of the product holds, read from its name: "(Box of 2 Syringes)" stocks syringes, "100 Units Vial" holds 100 units. */
function contentPerStockUnit(name: string, unit: string): number | null {
  const perUnit = DEMO_LOTS.find((l) => l.product === name)?.unitsPerContainer ?? 1;
  const boxed = new RegExp(`\\((?:box|case|pack) of (\\d+) ${unit}s?\\)`, 'i').exec(name);
  if (boxed) return Number(boxed[1]) / perUnit;
  const held = new RegExp(`(\\d+) ${unit}s?\\b`, 'i').exec(name);
  return held ? Number(held[1]) : null;
}

describe('the demo treatment designs', () => {
  it('take what their names say, in their products’ stock units', () => {
    let checked = 0;
    for (const design of DEMO_TREATMENTS) {
      const stated = /(\d+(?:\.\d+)?) (syringe|unit)s?\b/i.exec(design.name);
      if (!stated) continue;
      const [, amount, unit] = stated;
      const line = design.tray.find(([product]) => contentPerStockUnit(product, unit!) !== null);
      expect(line, `${design.name}: no product of its tray is counted in ${unit!}s`).toBeDefined();
      const [product, quantity] = line!;
      expect(quantity * contentPerStockUnit(product, unit!)!, `${design.name}: ${product}`).toBeCloseTo(Number(amount), 6);
      checked += 1;
    }
    expect(checked).toBe(2);
  });

  it('use whole items of products counted by the item from a box, case or package', () => {
    for (const design of DEMO_TREATMENTS) {
      for (const [name, quantity] of design.tray) {
        const product = productOf(name);
        if (product.basicUnit === 'item' && ['box', 'case', 'package', 'unit'].includes(product.container)) expect(Number.isInteger(quantity), `${design.name}: ${name} x ${String(quantity)}`).toBe(true);
      }
    }
  });
});
