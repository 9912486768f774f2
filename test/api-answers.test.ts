// The contract check reads what the recorder wrote: an answer drawn by chance (the fuzz run's random
// requests) shows an undocumented status, but never stands in for a documented one a test must provoke.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { readAnswers, responseProblems } from './api-answers';
import { checkContract, staleJustifications } from './api-contract';

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

it('fails a success body its route response schema refuses, naming the route, status and first problems', () => {
  const report = checkContract(
    recorded(['GET /health 200', 'mismatch GET /health 200: status: Invalid type: Expected string but received 1']),
  );
  expect(report.mismatches).toEqual(['GET /health 200: status: Invalid type: Expected string but received 1']);
  expect(report.unseen).not.toContain('GET /health 200');
});

it('checks a body as the caller reads it: through JSON, success answers only', () => {
  const route = { response: v.object({ when: v.string(), count: v.number() }) };
  expect(responseProblems(route, 200, { when: new Date(0), count: 1 })).toBeUndefined();
  expect(responseProblems(route, 200, { when: 'today', count: '1' })).toBe(
    'count: Invalid type: Expected number but received "1"',
  );
  expect(responseProblems(route, 404, { code: 'NOT_FOUND' })).toBeUndefined();
  expect(responseProblems({}, 200, { anything: true })).toBeUndefined();
});

it('justifies only answers the API description documents, so a renamed route cannot leave its reason behind', () => {
  expect(staleJustifications()).toEqual([]);
});
