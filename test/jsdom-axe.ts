// axe-core in jsdom for component tests: each violation as 'rule: offending markup'. Landmarks and
// contrast cannot be judged without a real page (the browser tests check those).
import axe from 'axe-core';

export async function axeViolations(container: Element): Promise<string[]> {
  const { violations } = await axe.run(container, {
    rules: { region: { enabled: false }, 'color-contrast': { enabled: false } },
  });
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
