import type { CompanyProfile } from '../../domain/accounts';

/** Where company facts come from: the local register table, or the Companies House API. */
export interface CompanyRegister {
  /** The company, or null when the register does not know the number. Unavailability throws an ApiError (503). */
  lookup(registrationNumber: string): Promise<CompanyProfile | null>;
}
