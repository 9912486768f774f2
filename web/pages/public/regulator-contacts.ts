// The five regulators (competent authorities) as the competent_authorities seed records them
// (migrations/20261121000000_core.ts), for the public pages that name them.
import { competentAuthorityLabels, type CompetentAuthority } from '../../../domain/authorities';

export interface RegulatorContact {
  code: CompetentAuthority;
  nation: string;
  name: string;
  email: string;
}

export const regulatorContacts: readonly RegulatorContact[] = [
  {
    code: 'ENGLAND',
    nation: 'England',
    name: competentAuthorityLabels.ENGLAND,
    email: 'esos@environment-agency.gov.uk',
  },
  { code: 'WALES', nation: 'Wales', name: competentAuthorityLabels.WALES, email: 'esos@naturalresourceswales.gov.uk' },
  { code: 'SCOTLAND', nation: 'Scotland', name: competentAuthorityLabels.SCOTLAND, email: 'esos@sepa.org.uk' },
  {
    code: 'NORTHERN_IRELAND',
    nation: 'Northern Ireland',
    name: competentAuthorityLabels.NORTHERN_IRELAND,
    email: 'esos@daera-ni.gov.uk',
  },
  {
    code: 'OPRED',
    nation: 'Offshore installations',
    name: `${competentAuthorityLabels.OPRED} (OPRED)`,
    email: 'opred@energysecurity.gov.uk',
  },
];
