import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/**
 * The module contract (docs/architecture.md, "Modules and what they may import") is kept by the
 * lint rule clinic/module-boundaries; these plant violations and run the repository's own ESLint
 * configuration on them, so a rule that stopped firing, or stopped being registered, fails here.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// Plain JavaScript loaded by ESLint; imported by a computed path so TypeScript does not look for its types.
const pluginUrl = new URL('../../../eslint/module-boundaries.mjs', import.meta.url).href;
const dependenciesUrl = new URL('../src/modules/dependencies.mjs', import.meta.url).href;

type Graph = Readonly<Record<string, readonly string[]>>;
const { findCycle } = (await import(pluginUrl)) as { findCycle: (graph: Graph) => string[] | null };
const { moduleDependencies } = (await import(dependenciesUrl)) as { moduleDependencies: Graph };

const eslint = new ESLint({ cwd: repoRoot });

/** The rule's messages for this code, linted as if it were the named server file. */
async function boundaryMessages(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}apps/server/src/${file}` });
  return result!.messages.filter((m) => m.ruleId === 'clinic/module-boundaries').map((m) => m.message);
}

// The first lint starts TypeScript's project service for the typed rules: give it time.
describe('clinic/module-boundaries', { timeout: 120_000 }, () => {
  it("rejects an import of another module's repository", async () => {
    const messages = await boundaryMessages("import { visibleProductIds } from '../products/products.repo';\nexport const x = visibleProductIds;\n", 'modules/treatments/treatments.service.ts');
    expect(messages).toEqual([expect.stringContaining("'../products/products.repo' is internal to the products module")]);
  });

  it('rejects an import of a module the importer does not declare', async () => {
    const messages = await boundaryMessages("import type { ProductsService } from '../products/products.service';\nexport type X = ProductsService;\n", 'modules/categories/categories.service.ts');
    expect(messages).toEqual([expect.stringContaining('categories does not declare that it uses products')]);
  });

  it('rejects a lower layer importing a module', async () => {
    const messages = await boundaryMessages("export { recordAudit } from '../modules/audit/audit.writes';\n", 'core/access.ts');
    expect(messages).toEqual([expect.stringContaining('core does not declare that it uses audit')]);
  });

  it("accepts a declared module's reads, writes and mapper files", async () => {
    const code = [
      "import { visibleProductIds } from '../products/products.reads';",
      "import { recordAudit } from '../audit/audit.writes';",
      'export const x = [visibleProductIds, recordAudit];',
      '',
    ].join('\n');
    expect(await boundaryMessages(code, 'modules/treatments/treatments.service.ts')).toEqual([]);
  });

  it('accepts the doors of a concern folder, and no deeper', async () => {
    expect(await boundaryMessages("import { scheduledUse } from '../pms/upcoming/upcoming.reads';\nexport const x = scheduledUse;\n", 'modules/reorder/reorder.service.ts')).toEqual([]);
    const deeper = await boundaryMessages("import { x as y } from '../pms/upcoming/inner/upcoming.reads';\nexport const x = y;\n", 'modules/reorder/reorder.service.ts');
    expect(deeper.join('\n')).toContain('is internal to the pms module');
  });

  it('leaves test files alone', async () => {
    expect(await boundaryMessages("import { insertCompany } from '../companies/companies.repo';\nexport const x = insertCompany;\n", 'modules/users/users.routes.test.ts')).toEqual([]);
  });
});

describe('declared module dependencies', () => {
  it('have no cycle', () => {
    expect(findCycle(moduleDependencies)).toBeNull();
  });

  it('are checked for cycles, two-way pairs and longer ones', () => {
    expect(findCycle({ products: ['stock'], stock: ['products'] })).toEqual(['products', 'stock', 'products']);
    expect(findCycle({ auth: ['organizations'], organizations: ['companies'], companies: ['auth'], mail: [] })).toEqual(['auth', 'organizations', 'companies', 'auth']);
    expect(findCycle({ treatments: ['products'], products: ['categories'], categories: [] })).toBeNull();
  });

  it('name only modules that exist', () => {
    const known = new Set(Object.keys(moduleDependencies));
    const unknown = Object.entries(moduleDependencies).flatMap(([owner, used]) => used.filter((m) => !known.has(m)).map((m) => `${owner} -> ${m}`));
    expect(unknown).toEqual([]);
  });
});
