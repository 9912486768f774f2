// The MI reports regulators can run (reference platform §5): the list of accounts, users and
// contacts, each process's submitted-data report (its `submittedData`), the outstanding tasks,
// the completed work and the custom SQL report — their names, addresses and parameters.
import * as v from 'valibot';
import {
  completedWorkParamsSchema,
  emptyParamsSchema,
  fixedMiReports,
  outstandingTasksParamsSchema,
  type MiReportParams,
  type MiReportType,
} from '../domain/mi-reports';
import { submittedDataReports } from '.';

export interface MiReportEntry {
  type: MiReportType;
  name: string;
  /** Its page's address under /mi-reports. */
  slug: string;
}

const fixed = (type: keyof typeof fixedMiReports): MiReportEntry => ({ type, ...fixedMiReports[type] });

/** Every report, in the order the list shows them. */
export function miReports(): MiReportEntry[] {
  return [
    fixed('LIST_OF_ACCOUNTS_USERS_CONTACTS'),
    ...submittedDataReports().map((r) => ({ type: r.reportType, name: r.name, slug: r.slug })),
    fixed('REGULATOR_OUTSTANDING_REQUEST_TASKS'),
    fixed('COMPLETED_WORK'),
    fixed('USER_FEEDBACK'),
    fixed('CUSTOM'),
  ];
}

export const miReportOf = (type: string): MiReportEntry | undefined => miReports().find((r) => r.type === type);
export const miReportOfSlug = (slug: string): MiReportEntry | undefined => miReports().find((r) => r.slug === slug);

/** POST /{accountType}/mireports (and its export): the report and its parameters. */
export const miReportParamsSchema: v.GenericSchema<unknown, MiReportParams> = v.lazy(() =>
  v.variant(
    'reportType',
    [
      emptyParamsSchema('LIST_OF_ACCOUNTS_USERS_CONTACTS'),
      emptyParamsSchema('USER_FEEDBACK'),
      ...submittedDataReports().map((r) => emptyParamsSchema(r.reportType)),
      completedWorkParamsSchema,
      outstandingTasksParamsSchema,
    ],
    'Select a report type',
  ),
);
