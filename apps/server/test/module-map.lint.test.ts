import { readFileSync } from 'node:fs';

/**
 * docs/architecture.md's map of modules is generated from the declared graph by
 * scripts/module-map.mjs (`npm run docs:module-map`); this fails while the committed table differs,
 * so the layers a reader sees are the ones the lint rule clinic/module-boundaries keeps.
 */
type Graph = Readonly<Record<string, readonly string[]>>;
interface ModuleMap {
  architectureDoc: string;
  layersOf: (graph: Graph) => Map<string, number>;
  moduleMapTable: (graph: Graph) => string;
  withModuleMap: (doc: string, table: string) => string;
}
// Plain JavaScript run by Node; imported by a computed path so TypeScript does not look for its types.
const scriptUrl = new URL('../../../scripts/module-map.mjs', import.meta.url).href;
const dependenciesUrl = new URL('../src/modules/dependencies.mjs', import.meta.url).href;
const { architectureDoc, layersOf, moduleMapTable, withModuleMap } = (await import(scriptUrl)) as ModuleMap;
const { moduleDependencies } = (await import(dependenciesUrl)) as { moduleDependencies: Graph };

describe("docs/architecture.md's map of modules", () => {
  it('is the one generated from dependencies.mjs (run npm run docs:module-map)', () => {
    const committed = readFileSync(architectureDoc, 'utf8');
    expect(withModuleMap(committed, moduleMapTable(moduleDependencies))).toBe(committed);
  });

  it('puts each module one layer above the highest it uses', () => {
    const layers = layersOf({ treatments: ['products', 'audit'], products: ['audit'], audit: [], core: [] });
    expect(Object.fromEntries(layers)).toEqual({ audit: 0, core: 0, products: 1, treatments: 2 });
    expect(moduleMapTable({ treatments: ['products'], products: ['audit'], audit: [], ledger: ['audit'], core: [] })).toBe(
      ['| layer | modules |', '|---|---|', '| 0 | `core/` (errors, access, Actor), audit |', '| 1 | **ledger**, products |', '| 2 | treatments |'].join('\n'),
    );
  });

  it('refuses a cycle and a document without its markers', () => {
    expect(() => layersOf({ products: ['stock'], stock: ['products'] })).toThrow(/cycle/);
    expect(() => withModuleMap('# Architecture\n', '| layer | modules |')).toThrow(/module-map/);
  });
});
