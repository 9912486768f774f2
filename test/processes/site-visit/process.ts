// A page process that exists only in the tests: an operator records a site visit on a page of its own
// (pages/visit-form.tsx) and submits it; the submission is on the timeline with its document, which
// is e-mailed to the operator. Everything about it is in this folder — its definition, its program
// (workflow.ts) and its page — plus two registry lines: test/processes/index.ts (its definition) and
// test/workflows/index.ts (its workflow). No product file names it (processes/homes.test.ts), and
// processes/page-process.test.ts and web/pages/task/page-process.test.tsx show that it gets its task
// page, timeline, document and e-mail from them alone.
import * as v from 'valibot';
import { defineProcess } from '../../../domain/process-registry';

export const SITE_VISIT = 'TEST_SITE_VISIT';
export const SITE_VISIT_RECORD = 'TEST_SITE_VISIT_RECORD';
export const SUBMIT_SITE_VISIT = 'TEST_SITE_VISIT_SUBMIT';
export const SITE_VISIT_RECORDED = 'TEST_SITE_VISIT_RECORDED';

export const FINDINGS_REQUIRED = 'Enter what you found';

export const siteVisitSchema = v.object({
  findings: v.pipe(v.string(FINDINGS_REQUIRED), v.trim(), v.minLength(1, FINDINGS_REQUIRED), v.maxLength(2000)),
});

export const siteVisitProcess = defineProcess({
  requestType: SITE_VISIT,
  home: 'site-visit',
  workflowType: 'testSiteVisit',
  id: { prefix: 'TSV' },
  category: 'PERMIT',
  title: 'Site visit',
  name: 'Site visit',
  create: {
    roleType: 'OPERATOR',
    permission: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
    input: v.object({}),
  },
  tasks: {
    [SITE_VISIT_RECORD]: {
      label: 'Record the site visit',
      roleType: 'OPERATOR',
      view: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_VIEW_TASK',
      execute: 'PERM_ACTION_PLAN_APPLICATION_SUBMIT_EXECUTE_TASK',
      page: { kind: 'form', name: 'visit-form', actions: { submit: SUBMIT_SITE_VISIT } },
      actions: {
        [SUBMIT_SITE_VISIT]: { kind: 'TRANSITION', input: siteVisitSchema, timeline: SITE_VISIT_RECORDED },
      },
    },
  },
  timeline: {
    [SITE_VISIT_RECORDED]: {
      label: 'Site visit recorded',
      snapshot: true,
      document: 'Visit recorded',
      documentFileWord: 'record',
      documentCopy: 'the record of your site visit',
    },
  },
  summary: (_actionType, payload) => [
    {
      title: 'Site visit',
      rows: [{ key: 'What you found', value: [String((payload as { findings?: unknown } | null)?.findings ?? '')] }],
    },
  ],
});
