// First compliance period (reference workflows §7.5): 17 July 2014 to 5 December 2015.
import { compliancePeriodSection } from './compliance-period';

export const firstCompliancePeriod = compliancePeriodSection('first');
