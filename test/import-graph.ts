// The repository's import graph as the TypeScript compiler reads it: every relative import, export …
// from, dynamic import() and require() of every source file, resolved to the file it names. The
// import-boundary test (test/import-boundaries.test.ts) holds the layers' rules against it.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const repositoryRoot = path.resolve(__dirname, '..');

export interface ImportEdge {
  /** The importing file, relative to the repository root with forward slashes (`web/app/layout.tsx`). */
  from: string;
  /** The imported file, resolved the way the bundler resolves it (`domain/labels.ts`). */
  to: string;
  /** The import as written (`../../domain/labels`). */
  specifier: string;
  line: number;
  /** Erased at compile time (`import type`, or every name imported is a type): no code is loaded. */
  typeOnly: boolean;
}

const SKIPPED = new Set(['node_modules', 'dist', '.data', '.git', 'coverage', 'test-results']);
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const RESOLVED = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx'];

export function sourceFiles(dir = repositoryRoot): string[] {
  const files: string[] = [];
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  visit(dir);
  return files.map((file) => path.relative(repositoryRoot, file).split(path.sep).join('/')).sort();
}

function resolve(from: string, specifier: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const ending of RESOLVED) {
    const candidate = base + ending;
    if (fs.statSync(path.join(repositoryRoot, candidate), { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return base;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      !!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly)
    );
  }
  const clause = node.importClause;
  if (!clause) return false; // import './side-effect'
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** The relative imports of one file (packages are no part of the repository's graph). */
export function importsOf(file: string): ImportEdge[] {
  const text = fs.readFileSync(path.join(repositoryRoot, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const edges: ImportEdge[] = [];
  const add = (literal: ts.Node, typeOnly: boolean) => {
    if (!ts.isStringLiteralLike(literal) || !literal.text.startsWith('.')) return;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    edges.push({ from: file, to: resolve(file, literal.text), specifier: literal.text, line, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      add(node.moduleSpecifier, isTypeOnly(node));
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire =
        (ts.isIdentifier(callee) && callee.text === 'require') ||
        (ts.isPropertyAccessExpression(callee) && callee.getText(source) === 'require.resolve'); // a bundler's entry
      if (isImport || isRequire) add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true); // typeof import('../x')
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

export function importGraph(files = sourceFiles()): ImportEdge[] {
  return files.flatMap(importsOf);
}

export const describeEdge = (edge: ImportEdge) =>
  `${edge.from}:${edge.line} imports ${edge.to} ('${edge.specifier}'${edge.typeOnly ? ', types only' : ''})`;
