// Which company register answers lookups: COMPANY_REGISTER=local (default; the seeded table) or
// companies-house (the public data API at COMPANIES_HOUSE_API_URL with COMPANIES_HOUSE_API_KEY).
// Read from the environment on each call, so the setting has one name in every process.
import type { Db } from '../../infra/db';
import type { CompanyRegister } from './types';
import { companiesHouseRegister } from './companies-house';
import { localCompanyRegister } from './local-register';

export type { CompanyRegister } from './types';
export { companyNotFound } from './errors';

export interface CompanyRegisterConfig {
  kind: 'local' | 'companies-house';
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

export function companyRegisterConfig(env: NodeJS.ProcessEnv = process.env): CompanyRegisterConfig {
  const kind = env.COMPANY_REGISTER ?? 'local';
  if (kind !== 'local' && kind !== 'companies-house')
    throw new Error(`COMPANY_REGISTER must be local or companies-house, got "${kind}"`);
  const timeoutMs = Number(env.COMPANIES_HOUSE_TIMEOUT_MS ?? 5000);
  return {
    kind,
    baseUrl: env.COMPANIES_HOUSE_API_URL || 'https://api.company-information.service.gov.uk',
    apiKey: env.COMPANIES_HOUSE_API_KEY ?? '',
    timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 5000,
  };
}

export function companyRegister(db: Db, config: CompanyRegisterConfig = companyRegisterConfig()): CompanyRegister {
  return config.kind === 'local' ? localCompanyRegister(db) : companiesHouseRegister(config);
}
