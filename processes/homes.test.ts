// A process lives in its home (processes/<name>/): no product file outside it names the process's
// codes, its page kinds or its folder's modules, apart from its registry lines (processes/index.ts,
// workflows/index.ts) and the few places listed below with the reason each is still there. No
// product file names a test-only process. Product files: the service's code in activities/, api/,
// documents/, domain/, engine/, identity/, infra/, processes/, web/, workflows/ and worker.ts, without
// tests; migrations (a process's permissions and tables) and scripts/ (tooling) are not counted.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { registeredProcesses } from './';

const root = path.resolve(__dirname, '..');
const productDirs = [
  'activities',
  'api',
  'documents',
  'domain',
  'engine',
  'identity',
  'infra',
  'processes',
  'web',
  'workflows',
];

function walk(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(rel);
    return /\.(ts|tsx|mts|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The identifiers and string literals of a file (comments and prose left out). */
function namesIn(file: string): { identifiers: Set<string>; strings: string[] } {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? 4 : 3);
  const identifiers = new Set<string>();
  const strings: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) identifiers.add(node.text);
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.push(node.text);
    else if (ts.isJsxText(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { identifiers, strings };
}

interface Home {
  name: string;
  /** Exported constant name → its value, from codes.ts. */
  codes: Map<string, string>;
  /** The names of its pages of its own (processes/<home>/pages/<name>.tsx). */
  pageKinds: string[];
}

function homes(): Home[] {
  return fs
    .readdirSync(path.join(root, 'processes'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(root, 'processes', e.name, 'process.ts')))
    .map((e) => {
      const read = (f: string) =>
        fs.existsSync(path.join(root, 'processes', e.name, f))
          ? fs.readFileSync(path.join(root, 'processes', e.name, f), 'utf8')
          : '';
      const codes = new Map(
        [...read('codes.ts').matchAll(/export const (\w+) = '([^']+)'/g)].map((m) => [m[1]!, m[2]!] as const),
      );
      const pageKinds = registeredProcesses()
        .filter((p) => p.home === e.name)
        .flatMap((p) => Object.values(p.tasks).flatMap((t) => (t.page?.kind === 'form' ? [t.page.name] : [])));
      return { name: e.name, codes, pageKinds };
    });
}

/**
 * Per process home, the product files outside every home that name it. (A home may name another's
 * codes, from its codes.ts: the action plan waits for a submitted notification.)
 */
export function filesNamingEachProcess(): Record<string, string[]> {
  const all = homes();
  const files = [...productDirs.flatMap(walk), 'worker.ts']
    .filter((f) => !all.some((home) => f.startsWith(`processes/${home.name}/`)))
    // Generated from the API description (npm run api-types): it repeats what the route files say.
    .filter((f) => f !== 'web/lib/api-types.ts')
    .map((f) => ({ file: f, ...namesIn(f) }));
  return Object.fromEntries(
    all.map((home) => {
      const values = new Set([...home.codes.values(), ...home.pageKinds]);
      const naming = files.filter(
        ({ identifiers, strings }) =>
          [...home.codes.keys()].some((id) => identifiers.has(id)) ||
          strings.some((s) => values.has(s) || s.includes(`processes/${home.name}/`) || s.includes(`/${home.name}/`)),
      );
      return [home.name, naming.map((f) => f.file).sort()];
    }),
  );
}

/** Its registry lines: every process is named there. */
const registry = ['processes/index.ts', 'workflows/index.ts'];

/** Product files outside a home that still name the process, and why (shrink this list, never grow it). */
const stillOutside: Record<string, Record<string, string>> = {
  'account-closure': {
    'domain/authorities.ts': "the regulators' permission group ACCOUNT_CLOSURE shares the request type's name",
  },
  'action-plan': {
    'api/routes/templates.ts':
      "the templates to download read the measures' questions (to become each process's own template)",
  },
  'notification-of-compliance': {
    'api/routes/mi-reports.ts': "the fixed MI reports read the notifications' submissions (issue 36's next step)",
    'api/routes/templates.ts': "the organisations' upload template is made from the section's one CSV column list",
    'web/pages/report/list-upload.tsx':
      "the organisations' CSV upload uses the section's one parser (to become the list's own upload)",
    'web/pages/report/report-action-page.tsx': "the report pages' 'Send for review' names the notification's words",
  },
  'organisation-account-opening': {
    'api/routes/organisation.ts': "the account application's own routes start and read it",
    'web/pages/account-application/application-page.tsx': 'the account application page (no task yet) starts it',
  },
  'request-for-information': {
    'activities/index.ts': "the worker's activities: the RFI batch's steps (its registry line for activities)",
    'api/compliance/rfi-batches.ts': "the compliance overview's 'Send a request for information' to a list",
    'api/routes/compliance.ts': 'the route table of the compliance overview names the batch routes',
    'web/pages/compliance/rfi-batch-page.tsx': "the compliance overview's batch pages (their questions are the RFI's)",
    'web/pages/compliance/rfi-batch-progress-page.tsx': "the compliance overview's batch pages",
  },
};

it('no product file outside a process home names the process, apart from its registry lines', () => {
  const found = filesNamingEachProcess();
  const figures = Object.fromEntries(Object.entries(found).map(([home, files]) => [home, files.length]));
  console.log(
    `product files outside each home that name it: ${JSON.stringify(figures)}\n${JSON.stringify(found, null, 1)}`,
  );
  for (const [home, files] of Object.entries(found)) {
    expect({ home, files: files.filter((f) => !registry.includes(f)) }).toEqual({
      home,
      files: Object.keys(stillOutside[home] ?? {}).sort(),
    });
  }
});

it('no product file names a test-only process', () => {
  const testCodes = fs
    .readdirSync(path.join(root, 'test/processes'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f))
    .flatMap((f) => [
      ...fs.readFileSync(path.join(root, 'test/processes', f), 'utf8').matchAll(/export const (\w+) = '([^']+)'/g),
    ])
    .map((m) => m[2]!);
  expect(testCodes.length).toBeGreaterThan(0);
  const naming = [...productDirs.flatMap(walk), 'worker.ts'].filter((file) =>
    namesIn(file).strings.some((s) => testCodes.includes(s) || /(^|\/)test\/processes\//.test(s)),
  );
  expect(naming).toEqual([]);
});
