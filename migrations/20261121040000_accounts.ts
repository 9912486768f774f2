// Accounts area (issue 6): the local company register (the embedded stand-in for Companies House),
// the verified-accounts onboarding registry and account notes. Forward-only.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The embedded company register, read when COMPANY_REGISTER=local (the default). Same fields as
  // a Companies House company profile needs for the wizard's prefill.
  await knex.schema.createTable('company_register', (t) => {
    t.string('registration_number', 8).primary();
    t.string('name', 255).notNullable();
    t.string('company_status', 30).notNullable().defaultTo('active');
    t.string('address_line1', 255).notNullable();
    t.string('address_line2', 255);
    t.string('locality', 255).notNullable();
    t.string('region', 255);
    t.string('postcode', 20);
    t.string('country', 50).notNullable(); // England, Wales, Scotland, Northern Ireland
    t.specificType('sic_codes', 'text[]').notNullable().defaultTo('{}');
    t.date('date_of_creation').notNullable();
  });
  for (const chunk of chunks(fictionalCompanies(), 100)) await knex('company_register').insert(chunk);

  // Verified organisation accounts uploaded by regulators: an applicant whose e-mail and number
  // are listed here gets their account at once. E-mails are stored lower-case.
  await knex.schema.createTable('account_onboarding_registry', (t) => {
    t.bigIncrements('id').primary();
    t.string('email', 320).notNullable().unique();
    t.string('registration_number', 20).notNullable().unique();
    t.string('status', 20).notNullable().defaultTo('PENDING'); // PENDING, ONBOARDED
    t.string('submitter_id', 255).notNullable();
    t.string('competent_authority', 20).notNullable().references('code').inTable('competent_authorities');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `alter table account_onboarding_registry add constraint account_onboarding_registry_status check (status in ('PENDING', 'ONBOARDED'))`,
  );
  await knex.raw(
    'alter table account_onboarding_registry add constraint account_onboarding_registry_email_lower check (email = lower(email))',
  );

  await knex.schema.createTable('account_notes', (t) => {
    t.bigIncrements('id').primary();
    t.integer('account_id').notNullable().references('id').inTable('accounts');
    t.jsonb('payload').notNullable(); // { note, files: { uuid: filename } }
    t.string('submitter_id', 255).notNullable();
    t.string('submitter', 512).notNullable();
    t.string('role_type', 20).notNullable(); // OPERATOR, REGULATOR, VERIFIER
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index account_notes_account on account_notes (account_id, updated_at desc, id desc)');
  // Operators list only operators' notes: a partial index keeps that list as cheap as the full one.
  await knex.raw(
    `create index account_notes_account_operator on account_notes (account_id, updated_at desc, id desc) where role_type = 'OPERATOR'`,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// A few hundred fictional companies, the same on every machine (a seeded generator, no randomness).

function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { int, pick };
}

type Nation = 'England' | 'Wales' | 'Scotland' | 'Northern Ireland';

// Town, county, postcode area — real places, fictional streets and companies.
const towns: Record<Nation, [string, string | null, string][]> = {
  England: [
    ['Bristol', null, 'BS'],
    ['Leeds', 'West Yorkshire', 'LS'],
    ['Manchester', 'Greater Manchester', 'M'],
    ['Birmingham', 'West Midlands', 'B'],
    ['Norwich', 'Norfolk', 'NR'],
    ['Exeter', 'Devon', 'EX'],
    ['Sheffield', 'South Yorkshire', 'S'],
    ['Newcastle upon Tyne', 'Tyne and Wear', 'NE'],
    ['Reading', 'Berkshire', 'RG'],
    ['Nottingham', 'Nottinghamshire', 'NG'],
    ['Leicester', 'Leicestershire', 'LE'],
    ['Carlisle', 'Cumbria', 'CA'],
    ['Ipswich', 'Suffolk', 'IP'],
    ['Southampton', 'Hampshire', 'SO'],
    ['London', null, 'EC'],
    ['London', null, 'SE'],
    ['Milton Keynes', 'Buckinghamshire', 'MK'],
    ['York', 'North Yorkshire', 'YO'],
    ['Plymouth', 'Devon', 'PL'],
    ['Derby', 'Derbyshire', 'DE'],
    ['Hull', 'East Riding of Yorkshire', 'HU'],
  ],
  Wales: [
    ['Cardiff', null, 'CF'],
    ['Swansea', null, 'SA'],
    ['Newport', null, 'NP'],
    ['Wrexham', 'Wrexham', 'LL'],
    ['Bangor', 'Gwynedd', 'LL'],
    ['Aberystwyth', 'Ceredigion', 'SY'],
    ['Bridgend', null, 'CF'],
    ['Llandudno', 'Conwy', 'LL'],
  ],
  Scotland: [
    ['Glasgow', null, 'G'],
    ['Edinburgh', null, 'EH'],
    ['Aberdeen', 'Aberdeenshire', 'AB'],
    ['Dundee', null, 'DD'],
    ['Inverness', 'Highland', 'IV'],
    ['Stirling', null, 'FK'],
    ['Perth', 'Perth and Kinross', 'PH'],
    ['Paisley', 'Renfrewshire', 'PA'],
  ],
  'Northern Ireland': [
    ['Belfast', 'County Antrim', 'BT'],
    ['Derry', 'County Londonderry', 'BT'],
    ['Newry', 'County Down', 'BT'],
    ['Lisburn', 'County Antrim', 'BT'],
    ['Enniskillen', 'County Fermanagh', 'BT'],
    ['Armagh', 'County Armagh', 'BT'],
  ],
};

const streets = [
  'High Street',
  'Station Road',
  'Mill Lane',
  'Church Street',
  'Victoria Road',
  'Riverside Way',
  'Harbour Road',
  'Park Avenue',
  'Queen Street',
  'Canal Side',
  'Market Place',
  'Enterprise Park',
  'Foundry Lane',
  'Kings Road',
  'Orchard Close',
];
const buildings = [
  'Unit 4',
  'Suite 2',
  'Floor 3',
  'Ground Floor',
  'The Old Mill',
  'Riverside House',
  'Albion Works',
  'Innovation Centre',
];
const nameFirst = [
  'Northgate',
  'Ashford',
  'Bramley',
  'Calder',
  'Dunmore',
  'Elmwood',
  'Fenwick',
  'Glenfield',
  'Harland',
  'Ironbridge',
  'Juniper',
  'Kestrel',
  'Lowther',
  'Marlowe',
  'Netherby',
  'Oakridge',
  'Pennine',
  'Quarry Hill',
  'Redcastle',
  'Severn',
  'Thornbury',
  'Upland',
  'Valley',
  'Westmoor',
  'Yarrow',
  'Caledonian',
  'Lagan',
  'Cambrian',
  'Tay',
  'Mourne',
  'Clyde',
  'Dee',
  'Solway',
  'Halcyon',
  'Meridian',
  'Beacon',
];
const nameSecond = [
  'Foods',
  'Logistics',
  'Engineering',
  'Retail',
  'Manufacturing',
  'Holdings',
  'Hotels',
  'Steel',
  'Packaging',
  'Textiles',
  'Distribution',
  'Data Centres',
  'Ceramics',
  'Brewing',
  'Plastics',
  'Pharmaceuticals',
  'Construction',
  'Motors',
  'Paper Mills',
  'Cold Storage',
  'Dairies',
  'Glassworks',
  'Printing',
  'Leisure',
];
const nameSuffix = ['Limited', 'Ltd', 'Group Limited', 'UK Limited', 'PLC', 'Holdings Ltd'];
// Real SIC 2007 codes of the kind of businesses the scheme covers.
const sicCodes = [
  '10110',
  '10390',
  '10890',
  '11050',
  '13100',
  '17120',
  '18129',
  '20140',
  '21100',
  '22290',
  '23410',
  '24100',
  '25110',
  '28290',
  '29100',
  '33120',
  '35110',
  '41201',
  '46390',
  '47110',
  '49410',
  '52103',
  '55100',
  '62020',
  '63110',
  '64209',
  '68209',
  '70100',
  '86101',
  '93110',
];

interface CompanyRow {
  registration_number: string;
  name: string;
  company_status: string;
  address_line1: string;
  address_line2: string | null;
  locality: string;
  region: string | null;
  postcode: string;
  country: Nation;
  sic_codes: string[];
  date_of_creation: string;
}

export function fictionalCompanies(count = 400): CompanyRow[] {
  const g = generator(20261121);
  const numbers = new Set<string>();
  const names = new Set<string>();
  const rows: CompanyRow[] = [];
  const nations: Nation[] = [
    'England',
    'England',
    'England',
    'England',
    'England',
    'Wales',
    'Scotland',
    'Scotland',
    'Northern Ireland',
  ];
  while (rows.length < count) {
    const country = g.pick(nations);
    const llp = g.int(12) === 0;
    const digits = (n: number) => String(g.int(10 ** n)).padStart(n, '0');
    const number =
      country === 'Scotland'
        ? `${llp ? 'SO' : 'SC'}${digits(6)}`
        : country === 'Northern Ireland'
          ? llp
            ? `NC${digits(6)}`
            : g.int(3) === 0
              ? `R00${digits(5)}`
              : `NI${digits(6)}`
          : llp
            ? `OC${digits(6)}`
            : `0${digits(7)}`;
    const name = `${g.pick(nameFirst)} ${g.pick(nameSecond)} ${llp ? 'LLP' : g.pick(nameSuffix)}`.toUpperCase();
    if (numbers.has(number) || names.has(name)) continue;
    numbers.add(number);
    names.add(name);
    const [locality, region, area] = g.pick(towns[country]);
    const codes = [...new Set(Array.from({ length: 1 + g.int(3) }, () => g.pick(sicCodes)))];
    const year = 1950 + g.int(73);
    rows.push({
      registration_number: number,
      name,
      company_status: g.int(25) === 0 ? 'dissolved' : 'active',
      address_line1: `${1 + g.int(180)} ${g.pick(streets)}`,
      address_line2: g.int(3) === 0 ? g.pick(buildings) : null,
      locality,
      region,
      postcode: `${area}${1 + g.int(20)} ${g.int(10)}${String.fromCharCode(65 + g.int(26))}${String.fromCharCode(65 + g.int(26))}`,
      country,
      sic_codes: codes,
      date_of_creation: `${year}-${String(1 + g.int(12)).padStart(2, '0')}-${String(1 + g.int(28)).padStart(2, '0')}`,
    });
  }
  return rows;
}
