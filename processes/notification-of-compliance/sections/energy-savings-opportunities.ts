// Energy savings opportunities (reference workflows §7.5): what the energy audits found could be
// saved a year — in total, by organisational purpose and by energy saving category — in kWh and £.
// Asked when energy audits are part of the assessment. The totals are the sums of their parts.
import {
  REDUCTION_TOTAL_MESSAGES,
  energySavingCategories,
  organisationalPurposes,
  reductionBreakdown,
  reductionPair,
} from '../../../domain/reports/common-fields';
import type { SectionDefinition } from '../../../domain/reports/report';
import { sectionPresence, type NotificationContext } from '../category';

export const energySavingsOpportunities: SectionDefinition<NotificationContext> = {
  id: 'energySavingsOpportunities',
  title: 'Energy savings opportunities',
  applies: sectionPresence.energySavingsOpportunities,
  steps: [
    {
      id: 'implementation',
      title:
        'Total annual reduction in energy consumption and energy spend from implementing energy saving opportunities',
      description: [
        'Enter the potential annual reduction if all the energy saving opportunities identified by your energy audits were implemented.',
      ],
      fields: [
        reductionPair(
          'implementationEnergyConsumption',
          'Total annual reduction in energy consumption and energy spend from implementing energy saving opportunities',
          true,
          REDUCTION_TOTAL_MESSAGES,
        ),
      ],
    },
    {
      id: 'by-purpose',
      title: 'Total annual reduction in energy consumption and energy spend by organisational purpose',
      description: ['Enter 0 for a purpose with no potential reduction.'],
      fields: [
        reductionBreakdown(
          'energyConsumption',
          'Total annual reduction in energy consumption and energy spend by organisational purpose',
          organisationalPurposes,
          { required: true },
        ),
      ],
    },
    {
      id: 'by-category',
      title: 'Total annual reduction in energy consumption and energy spend by energy saving category',
      description: ['Enter 0 for a category with no potential reduction.'],
      fields: [
        reductionBreakdown(
          'energySavingsCategories',
          'Total annual reduction in energy consumption and energy spend by energy saving category',
          energySavingCategories,
          { required: true },
        ),
      ],
    },
  ],
};
