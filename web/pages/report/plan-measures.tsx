// The measures of the organisation's action plan of the phase before, under a question about the
// energy savings achieved (a step's `offersPlanMeasures`): each measure with the savings the action
// plan expected and what the progress updates reported, and their totals, to base the estimate on.
// Information only: nothing here is an answer of the report.
import { Details, ScrollableTable } from '../../components';
import { organisationalPurposes } from '../../../domain/reports/common-fields';
import { formatMonth, formatNumber } from '../../../domain/reports/fields';
import {
  expectedByPurpose,
  expectedTotal,
  planMeasuresHeading,
  reportedTotal,
  type PlanMeasures,
} from '../../../domain/reports/plan-measures';

const kWh = (n: number | null, none: string) => (n === null ? none : formatNumber(n, { unit: 'kWh' }));
const implementedText = (implemented: boolean | null) =>
  implemented === null ? 'Not reported' : implemented ? 'Yes' : 'No';

const numeric = 'govuk-table__cell govuk-table__cell--numeric';
/** The measures table's columns: heading, and whether it holds numbers. */
const columns: [string, boolean][] = [
  ['Measure', false],
  ['To be implemented by', false],
  ['Expected savings', true],
  ['Implemented', false],
  ['Reductions reported', true],
];
const numericHeader = 'govuk-table__header govuk-table__header--numeric';

export function PlanMeasuresPanel({ offered }: { offered: PlanMeasures }) {
  const heading = planMeasuresHeading(offered);
  const { purposes, total } = expectedByPurpose(offered.measures);
  return (
    <div className="govuk-!-margin-bottom-6">
      <h2 className="govuk-heading-m">{heading}</h2>
      <p className="govuk-body">
        You can base your estimate on the energy efficiency measures in your phase {offered.phase} action plan (
        {offered.requestId}). The expected savings are the action plan’s estimates. The reductions are those your
        progress updates reported.
      </p>
      <ScrollableTable label={heading}>
        <table className="govuk-table app-table--data">
          <thead className="govuk-table__head">
            <tr className="govuk-table__row">
              {columns.map(([heading, isNumeric]) => (
                <th key={heading} scope="col" className={isNumeric ? numericHeader : 'govuk-table__header'}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="govuk-table__body">
            {offered.measures.map((m, i) => (
              <tr key={i} className="govuk-table__row">
                <th scope="row" className="govuk-table__header">
                  {m.name}
                </th>
                <td className="govuk-table__cell">{m.implementationDate ? formatMonth(m.implementationDate) : ''}</td>
                <td className={numeric}>{kWh(expectedTotal(m), 'Not given')}</td>
                <td className="govuk-table__cell">{implementedText(m.implemented)}</td>
                <td className={numeric}>{kWh(m.reported, 'None reported')}</td>
              </tr>
            ))}
            <tr className="govuk-table__row">
              <th scope="row" className="govuk-table__header">
                Total
              </th>
              <td className="govuk-table__cell" />
              <td className={numeric}>{kWh(total, 'Not given')}</td>
              <td className="govuk-table__cell" />
              <td className={numeric}>{kWh(reportedTotal(offered.measures), 'None reported')}</td>
            </tr>
          </tbody>
        </table>
      </ScrollableTable>
      <Details summary="Expected savings by organisational purpose">
        <table className="govuk-table">
          <caption className="govuk-table__caption govuk-visually-hidden">
            Expected savings of the measures by organisational purpose
          </caption>
          <tbody className="govuk-table__body">
            {organisationalPurposes.map(([key, text]) => (
              <tr key={key} className="govuk-table__row">
                <th scope="row" className="govuk-table__header">
                  {text}
                </th>
                <td className={numeric}>{kWh(purposes[key], 'Not given')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Details>
    </div>
  );
}
