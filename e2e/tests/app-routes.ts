import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** A page of the web app's router: its path and the elements (layouts and guards) it sits inside. */
export interface AppRoute {
  path: string;
  within: string[];
}

const ROUTES_FILE = new URL('../../apps/web/src/app/routes.tsx', import.meta.url);

/**
 * Every path of the router, read from its source (apps/web/src/app/routes.tsx, `export const
 * routes`), so a page added there joins the browser checks without anyone listing it. Parsed, not
 * imported: the module pulls in the whole app, which does not load outside a browser.
 */
export function readAppRoutes(): AppRoute[] {
  const source = ts.createSourceFile('routes.tsx', readFileSync(ROUTES_FILE, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  let root: ts.Expression | undefined;
  source.forEachChild((node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const declaration of node.declarationList.declarations) {
      if (declaration.name.getText(source) === 'routes') root = declaration.initializer;
    }
  });
  if (!root || !ts.isArrayLiteralExpression(root)) throw new Error('routes.tsx no longer exports `const routes = [...]`: teach e2e/tests/app-routes.ts its new shape');
  const found: AppRoute[] = [];
  const walk = (list: ts.ArrayLiteralExpression, within: string[]) => {
    for (const entry of list.elements) {
      if (!ts.isObjectLiteralExpression(entry)) throw new Error(`routes.tsx: a route that is not an object literal: ${entry.getText(source)}`);
      const property = (name: string) => {
        const assignment = entry.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText(source) === name);
        return assignment && ts.isPropertyAssignment(assignment) ? assignment.initializer : undefined;
      };
      const path = property('path');
      const element = property('element');
      const children = property('children');
      if (path && !ts.isStringLiteral(path)) throw new Error(`routes.tsx: a path that is not a string literal: ${path.getText(source)}`);
      if (path) found.push({ path: path.text, within });
      const name = element && (ts.isJsxSelfClosingElement(element) ? element.tagName.getText(source) : ts.isJsxElement(element) ? element.openingElement.tagName.getText(source) : undefined);
      if (children) {
        if (!ts.isArrayLiteralExpression(children)) throw new Error(`routes.tsx: children that are not an array literal: ${children.getText(source)}`);
        walk(children, !path && name ? [...within, name] : within);
      }
    }
  };
  walk(root, []);
  return found;
}

/** Whether a path the browser is on is one of this route's pages (`:id` stands for any one segment). */
export function routePattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}
