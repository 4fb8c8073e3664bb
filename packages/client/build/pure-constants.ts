/**
 * `@fieldhouse/shared` builds its zod schemas at the top of its modules, and a bundler must keep
 * any call it cannot prove free of side effects, used or not: the admin app's start-up chunk built
 * every schema of every shared module a route definition touched (the calendar's import rows, the
 * audit log's filters…) before the first paint. The package promises `"sideEffects": false`; this
 * plugin tells the bundler so, one declaration at a time: each top-level `const` whose value is
 * computed is wrapped in a pure-annotated arrow, so a schema no bundled code reads is dropped
 * whole, and one that is read is built exactly as before (docs/benchmarks.md).
 */
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number };
type Declarator = { init: Node | null };
type Statement = Node & { declaration?: Statement | null; declarations?: Declarator[]; kind?: string };

/** Values with nothing to run: wrapping them would only add bytes. */
const INERT = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression', 'TemplateLiteral']);

/** The source with each top-level computed `const` value made droppable; `null` when nothing is. */
export function markPureConstants(code: string, program: { body: Statement[] }, id: string) {
  const out = new MagicString(code);
  let changed = false;
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations ?? []) {
      if (!init || INERT.has(init.type)) continue;
      out.appendLeft(init.start, '/* @__PURE__ */ (() => (');
      out.prependRight(init.end, '))()');
      changed = true;
    }
  }
  return changed ? { code: out.toString(), map: out.generateMap({ hires: true, source: id }) } : null;
}

export function pureSharedConstants(): Plugin {
  return {
    name: 'fieldhouse:pure-shared-constants',
    // After TypeScript is stripped, so the parser reads plain JavaScript.
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$/.test(id)) return null;
      return markPureConstants(code, this.parse(code) as unknown as { body: Statement[] }, id);
    },
  };
}
