// The UK SIC 2007 list kept in the repository: every section, every five-digit code once, each in
// the section of its division.
import { sicCodes, sicSections } from './sic-codes';

it('has the 21 sections A to U and the 731 codes of the register’s list, each once, in order', () => {
  expect(sicSections.map((s) => s.letter).join('')).toBe('ABCDEFGHIJKLMNOPQRSTU');
  expect(sicCodes).toHaveLength(731);
  const codes = sicCodes.map((c) => c.code);
  expect(new Set(codes).size).toBe(codes.length);
  expect(codes).toEqual([...codes].sort());
  for (const c of sicCodes) {
    expect(c.code).toMatch(/^\d{5}$/);
    expect(c.description.length).toBeGreaterThan(3);
    expect(c.description.length).toBeLessThanOrEqual(255);
    const division = Number(c.code.slice(0, 2));
    const section = sicSections.find((s) => s.divisions[0] <= division && division <= s.divisions[1]);
    expect({ code: c.code, section: section?.letter }).toEqual({ code: c.code, section: c.section });
  }
  for (const s of sicSections) expect(sicCodes.some((c) => c.section === s.letter)).toBe(true);
  expect(sicCodes.filter((c) => c.section === 'C')).toHaveLength(259);
});
