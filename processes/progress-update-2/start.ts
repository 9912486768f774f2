// What progress update 2 starts from (reference workflows §10.2): progress update 1's measures with
// their answers, and the measures it added, each copied with an id of its own. A disaggregated
// undertaking starts with no measures.
import type { ReportData } from '../../domain/reports/report';
import { PU1_MEASURES } from '../../domain/reports/progress-update-1-measures';
import { listOf as list } from '../../domain/reports/progress-update';
import { PU2_MEASURES } from './report';

export function progressUpdate2Start(progressUpdate1: ReportData, newId: () => string): ReportData {
  const pu1 = progressUpdate1[PU1_MEASURES];
  return {
    [PU2_MEASURES]: {
      progressUpdate2P3Measures: list(pu1, 'progressUpdate1P3Measures').map((m) => ({
        uuId: newId(),
        measureImplType: m.measureImplType,
        actionPlanEnergyEfficiencyMeasure: m.actionPlanEnergyEfficiencyMeasure,
        progressUpdate1P3EnergyEfficiencyMeasure: m.progressUpdate1P3EnergyEfficiencyMeasure,
      })),
      progressUpdate2P3UpdatedAddedMeasures: list(pu1, 'progressUpdate1P3AddedMeasure').map((added) => ({
        uuId: newId(),
        progressUpdate1P3AddedMeasure: added,
      })),
    },
  };
}
