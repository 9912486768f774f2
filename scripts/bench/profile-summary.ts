// `npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [--top=20]`: where a process's CPU went,
// from a V8 CPU profile (`npm run bench -- --cpu-prof` writes one per bench child and worker thread):
// self time by owner (our folders, each npm package, Node's internals, the garbage collector) and the
// functions with the most self and inclusive time, as Markdown tables for docs/performance.md.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The project's folder as profiles name its files. */
const ROOT = `${pathToFileURL(path.resolve(__dirname, '..', '..')).href}/`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Who a frame belongs to: an npm package, a folder of ours, Node itself, or V8's own work. */
export function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node internals';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  // A workflow bundle is evaluated from a file of its own name; its code is ours and the SDK's, mixed.
  if (/workflow-bundle|webpack/.test(url)) return 'workflow bundle';
  if (url.startsWith(ROOT)) return `ours: ${url.slice(ROOT.length).split('/')[0]}/`;
  return url.replace(/^file:\/\//, '');
}

export function summarise(profile: CpuProfile): {
  totalMs: number;
  owners: [string, number][];
  self: [string, number][];
  inclusive: [string, number][];
} {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const name = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url ? `${path.basename(n.callFrame.url)}:${n.callFrame.lineNumber + 1}` : ''}`.trim();
  const owners = new Map<string, number>();
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let totalUs = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') continue;
    totalUs += us;
    const owner = ownerOf(node.callFrame.url, node.callFrame.functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + us);
    self.set(name(node), (self.get(name(node)) ?? 0) + us);
    // Inclusive: once per distinct function on the sample's stack.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = byId.get(at)!;
      const key = name(n);
      if (seen.has(key) || n.callFrame.functionName === '(root)') continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  const sorted = (m: Map<string, number>) =>
    [...m.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / 1000] as [string, number]);
  return { totalMs: totalUs / 1000, owners: sorted(owners), self: sorted(self), inclusive: sorted(inclusive) };
}

function table(title: string, rows: [string, number][], totalMs: number, top: number): string {
  const lines = rows
    .slice(0, top)
    .map(([k, ms]) => `| ${k.replace(/\|/g, '\\|')} | ${ms.toFixed(0)} | ${((100 * ms) / totalMs).toFixed(1)} % |`);
  return [`| ${title} | ms | share |`, '|---|---:|---:|', ...lines].join('\n');
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: tsx scripts/bench/profile-summary.ts <file.cpuprofile> [--top=20]');
    process.exit(2);
  }
  const top = Number(/--top=(\d+)/.exec(process.argv.join(' '))?.[1] ?? 20);
  const summary = summarise(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
  console.log(`${path.basename(file)}: ${summary.totalMs.toFixed(0)} ms of CPU (idle left out)\n`);
  console.log(table('owner (self time)', summary.owners, summary.totalMs, top));
  console.log();
  console.log(table('function (self time)', summary.self, summary.totalMs, top));
  console.log();
  console.log(table('function (inclusive)', summary.inclusive, summary.totalMs, top));
}
