// Server code under apps/server/src is what ships (esbuild bundles whatever it imports into
// dist/main.js): it may not import the test tree, whose factories and helpers skip the services'
// rules. The *.test.ts files beside the code are tests themselves and are left out in the config.
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEST_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/server/test');

/** Whether an import specifier written in `file` names a path inside the server's test folder. */
function pointsIntoTests(file, specifier) {
  if (!specifier.startsWith('.') && !isAbsolute(specifier)) return false;
  const path = relative(TEST_DIR, resolve(dirname(file), specifier));
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids production server code from importing apps/server/test/' },
    messages: { testCode: "'{{specifier}}' is test code: server code in src does not import apps/server/test/." },
    schema: [],
  },
  create(context) {
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (pointsIntoTests(context.filename, source.value)) context.report({ node: source, messageId: 'testCode', data: { specifier: source.value } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `import x = require('../test/...')` in TypeScript.
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};
