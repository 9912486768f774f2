// The contract check reads what the recorder wrote: an answer drawn by chance (the fuzz run's random
// requests) shows an undocumented status, but never stands in for a documented one a test must provoke.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readAnswers } from './api-answers';
import { checkContract } from './api-contract';

const recorded = (lines: string[]) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'answers-'));
  fs.writeFileSync(path.join(dir, '1.txt'), lines.join('\n') + '\n');
  return readAnswers(dir);
};

it('counts an answer drawn by chance as undocumented when it is, but not as seen', () => {
  const report = checkContract(recorded(['chance GET /health 200', 'chance GET /health 418']));
  expect(report.undocumented).toEqual(['GET /health 418']);
  expect(report.unseen).toContain('GET /health 200');
});

it('counts an answer a test provokes every run as seen', () => {
  expect(checkContract(recorded(['GET /health 200'])).unseen).not.toContain('GET /health 200');
});
