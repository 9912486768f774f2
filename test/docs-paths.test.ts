// Every repository path the documentation names exists, so that a moved or deleted file fails here
// (naming the document, the line and the path) instead of misleading the next reader. What counts as
// a path, in README.md and docs/ (outside fenced code blocks):
// - a relative link target, `[text](../x.md#anchor)`: resolved from the document's folder;
// - a backticked word that starts with a top-level folder of the repository (`api/server.ts`,
//   `web/lib/`, `.ci/run`): resolved from the root. `<name>`, `*` and `**` are wildcards and `(x)`
//   an optional part (`processes/<name>/process.ts`, `web/**/*.test.ts(x)`): at least one file or
//   folder must match. A `:line` after the path is allowed;
// - a backticked file name without a folder, ending in .ts, .tsx, .mts, .mjs, .js, .css or .md
//   (`request-engine.ts`): some file in the repository has that name.
// Not paths: addresses (`/api/health`, `https://…`), what a run makes (`dist/`, `.data/`), names
// in other repositories, and anything else in backticks.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const NOT_THE_REPOSITORY = new Set(['node_modules', 'dist', '.data', '.git', 'coverage', 'test-results']);

function walk(): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (NOT_THE_REPOSITORY.has(entry.name)) continue;
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        folders.push(rel);
        visit(rel);
      } else files.push(rel);
    }
  };
  visit('');
  return { files, folders };
}

const { files, folders } = walk();
const entries = new Set([...files, ...folders]);
const fileNames = new Set(files.map((file) => path.posix.basename(file)));
const topFolders = new Set(folders.filter((folder) => !folder.includes('/')));
const documents = ['README.md', ...files.filter((file) => file.startsWith('docs/') && file.endsWith('.md'))].sort();

const escape = (text: string) => text.replace(/[.+^${}()|[\]\\]/g, '\\$&');
/** `web/**\/*.test.ts(x)` → a pattern over repository paths. */
function pattern(glob: string): RegExp {
  let source = '';
  for (const part of glob.split(/(\*\*\/|\*|<[^>]+>|\(x\))/)) {
    if (part === '**/') source += '(?:.*/)?';
    else if (part === '*') source += '[^/]*';
    else if (part.startsWith('<')) source += '[^/]+';
    else if (part === '(x)') source += '(?:x)?';
    else source += escape(part);
  }
  return new RegExp(`^${source}$`);
}

function exists(repositoryPath: string): boolean {
  const normal = repositoryPath.replace(/\/+$/, '');
  if (!/[*<]|\(x\)/.test(normal)) return entries.has(normal);
  const wanted = pattern(normal);
  return [...entries].some((entry) => wanted.test(entry));
}

interface NamedPath {
  line: number;
  path: string;
  /** The repository path it names, or a bare file name (`name:`) that some file must have. */
  target: string;
}

function namedPaths(document: string, text: string): NamedPath[] {
  const named: NamedPath[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const link = match[1];
      if (/^([a-z][a-z0-9+.-]*:|#|\/)/i.test(link)) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(document), link.replace(/#.*$/, '')));
      named.push({ line: index + 1, path: link, target });
    }
    for (const match of line.replace(/\]\([^)]*\)/g, '').matchAll(/`([^`\s]+)`/g)) {
      const word = match[1].replace(/:\d+(-\d+)?$/, '');
      const top = word.split('/')[0];
      if (word.includes('/') && topFolders.has(top)) named.push({ line: index + 1, path: match[1], target: word });
      else if (/^[\w.-]+\.(ts|tsx|mts|mjs|js|css|md)$/.test(word))
        named.push({ line: index + 1, path: match[1], target: `name:${word}` });
    }
  });
  return named;
}

const found = (target: string) => (target.startsWith('name:') ? fileNames.has(target.slice(5)) : exists(target));

it('reads the documentation and finds the paths it names', () => {
  expect(documents).toContain('docs/architecture.md');
  const all = documents.flatMap((doc) => namedPaths(doc, fs.readFileSync(path.join(root, doc), 'utf8')));
  expect(all.length).toBeGreaterThan(300);
  expect(all).toContainEqual({ line: expect.any(Number), path: 'api/server.ts', target: 'api/server.ts' });
});

it('every repository path named in README.md and docs/ exists', () => {
  const missing = documents.flatMap((doc) =>
    namedPaths(doc, fs.readFileSync(path.join(root, doc), 'utf8'))
      .filter((named) => !found(named.target))
      .map((named) => `${doc}:${named.line}: ${named.path}`),
  );
  expect(missing).toEqual([]);
});

it('tells a path that is gone from one that is there, wildcards and links included', () => {
  const doc = [
    'See `api/server.ts`, `processes/<name>/process.ts`, `web/**/*.test.ts(x)` and [ops](operations.md#configuration).',
    'Gone: `api/nowhere.ts`, `processes/<name>/nothing.ts` and [x](missing.md); `gone-file.ts`.',
    '```ts',
    'const x = `api/not-a-path-in-code.ts`;',
    '```',
    'Not paths: `/api/health`, `dist/web`, [site](https://example.org), `npm test`.',
  ].join('\n');
  const missing = namedPaths('docs/example.md', doc)
    .filter((named) => !found(named.target))
    .map((named) => `${named.line}: ${named.path}`);
  expect(missing).toEqual(['2: missing.md', '2: api/nowhere.ts', '2: processes/<name>/nothing.ts', '2: gone-file.ts']);
});
