// Second compliance period (reference workflows §7.5): 6 December 2015 to 5 December 2019, with the
// reduction achieved during it.
import { compliancePeriodSection } from './compliance-period';

export const secondCompliancePeriod = compliancePeriodSection('second');
