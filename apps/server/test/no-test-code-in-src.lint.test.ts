import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// The repository's own ESLint configuration, run on planted text: the rule must catch what it is for.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const RULE = 'clinic-src/no-test-code-in-src';

/** The messages of our rule for `code` linted as if it were the file at `path` (real files, so typed linting finds them in the project). */
async function ruleMessages(code: string, path: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${path}` });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const PLANTED = "import { createUser } from '../../test/factories/index';\nexport const make = createUser;\n";

it('fails server code that imports the test tree', async () => {
  expect(await ruleMessages(PLANTED, 'apps/server/src/seed/demo.ts')).toEqual([
    "'../../test/factories/index' is test code: server code in src does not import apps/server/test/.",
  ]);
  expect(await ruleMessages("export { createTestApp } from '../test/setup/test-app';\n", 'apps/server/src/clock.ts')).toHaveLength(1);
}, 120_000);

it('passes server code that imports only src, and tests beside the code that use the test tree', async () => {
  expect(await ruleMessages("import { isoDay } from '../clock';\nexport const today = isoDay(new Date());\n", 'apps/server/src/seed/demo.ts')).toEqual([]);
  expect(await ruleMessages(PLANTED, 'apps/server/src/seed/demo.test.ts')).toEqual([]);
}, 120_000);
