// ACTION_PLAN_P3's report (reference workflows §8.1–§8.2): the energy efficiency measures the
// organisation proposes to implement by 5 December 2027, then the responsible officer's confirmation,
// which asks for a second statement when any estimate was made by some other method.
import { longText, yesNo } from '../../domain/reports/common-fields';
import {
  MAX_MEASURES,
  MEASURES_OVER_LIMIT,
  actionPlanMeasureFields,
  actionPlanMeasures,
  officerConfirmation,
} from '../../domain/reports/measure-fields';
import type { ReportDefinition, SectionDefinition } from '../../domain/reports/report';

export interface ActionPlanContext {
  /** Some measure's savings were estimated by 'some other reasonable estimation method'. */
  usesOtherMethod: boolean;
}

export const NO_MEASURES_ANSWER =
  'Select yes if the organisation has energy efficiency measures proposed to be implemented by 5 December 2027';
export const ADD_A_MEASURE = 'Add at least one energy efficiency measure';

export const energyEfficiencyMeasure: SectionDefinition<ActionPlanContext> = {
  id: 'energyEfficiencyMeasure',
  title: 'Energy efficiency measures',
  steps: [
    {
      id: 'measures-proposed',
      title: 'Does the organisation have energy efficiency measures proposed to be implemented by 5 December 2027?',
      description: [
        'The relevant compliance period ends on 5 December 2027 for ESOS participants who submitted a notification of compliance in the third compliance period.',
      ],
      fields: [
        yesNo(
          'haveEnergyEfficiencyMeasures',
          'Does the organisation have energy efficiency measures proposed to be implemented by 5 December 2027?',
          NO_MEASURES_ANSWER,
          {
            summaryLabel: 'Energy efficiency measures proposed',
            no: {
              reveal: [
                longText('noMeasureContext', 'Provide context on why there are no measures proposed (optional)'),
              ],
            },
          },
        ),
      ],
    },
    {
      id: 'measures',
      title: 'Energy efficiency measures to be implemented',
      description: ['Add each energy efficiency measure the organisation proposes to implement by 5 December 2027.'],
      when: (s) => s.haveEnergyEfficiencyMeasures === true,
      fields: [
        {
          kind: 'list',
          name: 'energyEfficiencyMeasures',
          label: 'Energy efficiency measures',
          layout: 'pages',
          itemLabel: 'Measure',
          titleField: 'measureName',
          columns: [
            { heading: 'Measure', field: 'measureName' },
            { heading: 'Implementation date', field: 'implementationDateForMeasure' },
            { heading: 'Total energy savings', field: 'totalEnergySavingsExpected.total' },
          ],
          addLabel: 'Add another measure',
          min: 1,
          required: ADD_A_MEASURE,
          max: MAX_MEASURES,
          maxMessage: MEASURES_OVER_LIMIT,
          item: actionPlanMeasureFields(),
        },
      ],
    },
  ],
};

export const ESOS_ASSESSMENT_NOTIFICATION = {
  value: 'ESOS_ASSESSMENT_NOTIFICATION',
  text: 'The action plan has been produced following a notification of compliance for an ESOS assessment and includes the content required by regulation 34A of the ESOS regulations',
};
export const ESTIMATION_METHOD_DESCRIPTION = {
  value: 'ESTIMATION_METHOD_DESCRIPTION',
  text: 'Where an estimate of the total energy savings reasonably expected to be achieved is not based on an ESOS assessment (energy audit or alternative compliance method), a description of the estimation method and reasons for using it are recorded in the evidence pack',
};

export const actionPlanConfirmation: SectionDefinition<ActionPlanContext> = {
  id: 'responsibleOfficerConfirmation',
  title: 'Responsible officer confirmation',
  startsAfter: ['energyEfficiencyMeasure'],
  steps: [
    {
      id: 'confirmation',
      title: 'Responsible officer confirmation',
      description: [
        'A responsible officer is a director nominated for ESOS compliance or, where there is no director, an individual with management control.',
      ],
      fields: officerConfirmation(
        'I confirm that the responsible officer has reviewed the action plan and is satisfied, to the best of their knowledge, that the following statements are true:',
        ESOS_ASSESSMENT_NOTIFICATION,
        ESTIMATION_METHOD_DESCRIPTION,
        (ctx: ActionPlanContext) => ctx.usesOtherMethod,
      ),
    },
  ],
};

export const actionPlanReport: ReportDefinition<ActionPlanContext> = {
  name: 'action plan',
  groups: [
    { title: 'Prepare Action Plan', sections: [energyEfficiencyMeasure] },
    { title: 'Confirm', sections: [actionPlanConfirmation] },
  ],
  context: (report) => ({
    usesOtherMethod: actionPlanMeasures(report).some(
      (m) => m?.energySavingsEstimateCalculatedType === 'OTHER_REASONABLE_ESTIMATION_METHOD',
    ),
  }),
};
