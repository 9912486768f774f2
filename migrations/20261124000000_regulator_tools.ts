// Regulator tools (issue 13): when each user last signed in (the regulator users list and the
// accounts-users-contacts MI report show it), and the reference data of GET /data (countries, UK
// counties, SIC codes; competent authorities are in their own table already). Forward-only.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    // From the access token's auth_time, recorded when the SPA loads the signed-in user.
    t.timestamp('last_sign_in_at', { useTz: true });
  });

  await knex.schema.createTable('ref_countries', (t) => {
    t.string('code', 2).primary(); // ISO 3166-1 alpha-2
    t.string('name', 100).notNullable();
  });
  await knex('ref_countries').insert(
    countries.split('|').map((entry) => ({ code: entry.slice(0, 2), name: entry.slice(3) })),
  );

  await knex.schema.createTable('ref_counties', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable();
    t.string('nation', 20).notNullable(); // England, Wales, Scotland, Northern Ireland
  });
  for (const [nation, names] of Object.entries(counties)) {
    await knex('ref_counties').insert(names.split('|').map((name) => ({ name, nation })));
  }

  await knex.schema.createTable('ref_sic_codes', (t) => {
    t.string('code', 5).primary(); // UK SIC 2007 subclass
    t.string('description', 255).notNullable();
  });
  await knex('ref_sic_codes').insert(Object.entries(sicCodes).map(([code, description]) => ({ code, description })));
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}

// ISO 3166-1 countries and territories, English short names as GOV.UK lists them ("and", not "&").
const countries =
  'AD:Andorra|AE:United Arab Emirates|AF:Afghanistan|AG:Antigua and Barbuda|AI:Anguilla|AL:Albania|' +
  'AM:Armenia|AO:Angola|AQ:Antarctica|AR:Argentina|AS:American Samoa|AT:Austria|AU:Australia|AW:Aruba|' +
  'AX:Åland Islands|AZ:Azerbaijan|BA:Bosnia and Herzegovina|BB:Barbados|BD:Bangladesh|BE:Belgium|' +
  'BF:Burkina Faso|BG:Bulgaria|BH:Bahrain|BI:Burundi|BJ:Benin|BL:St Barthélemy|BM:Bermuda|BN:Brunei|' +
  'BO:Bolivia|BQ:Caribbean Netherlands|BR:Brazil|BS:Bahamas|BT:Bhutan|BV:Bouvet Island|BW:Botswana|' +
  'BY:Belarus|BZ:Belize|CA:Canada|CC:Cocos (Keeling) Islands|CD:Congo (Democratic Republic)|' +
  'CF:Central African Republic|CG:Congo|CH:Switzerland|CI:Ivory Coast|CK:Cook Islands|' +
  'CL:Chile|CM:Cameroon|CN:China|CO:Colombia|CR:Costa Rica|CU:Cuba|CV:Cape Verde|CW:Curaçao|' +
  'CX:Christmas Island|CY:Cyprus|CZ:Czechia|DE:Germany|DJ:Djibouti|DK:Denmark|DM:Dominica|' +
  'DO:Dominican Republic|DZ:Algeria|EC:Ecuador|EE:Estonia|EG:Egypt|EH:Western Sahara|ER:Eritrea|' +
  'ES:Spain|ET:Ethiopia|FI:Finland|FJ:Fiji|FK:Falkland Islands|FM:Micronesia|FO:Faroe Islands|FR:France|' +
  'GA:Gabon|GB:United Kingdom|GD:Grenada|GE:Georgia|GF:French Guiana|GG:Guernsey|GH:Ghana|GI:Gibraltar|' +
  'GL:Greenland|GM:Gambia|GN:Guinea|GP:Guadeloupe|GQ:Equatorial Guinea|GR:Greece|' +
  'GS:South Georgia and South Sandwich Islands|GT:Guatemala|GU:Guam|GW:Guinea-Bissau|GY:Guyana|' +
  'HK:Hong Kong|HM:Heard and McDonald Islands|HN:Honduras|HR:Croatia|HT:Haiti|HU:Hungary|' +
  'ID:Indonesia|IE:Ireland|IL:Israel|IM:Isle of Man|IN:India|IO:British Indian Ocean Territory|IQ:Iraq|' +
  'IR:Iran|IS:Iceland|IT:Italy|JE:Jersey|JM:Jamaica|JO:Jordan|JP:Japan|KE:Kenya|KG:Kyrgyzstan|' +
  'KH:Cambodia|KI:Kiribati|KM:Comoros|KN:St Kitts and Nevis|KP:North Korea|KR:South Korea|KW:Kuwait|' +
  'KY:Cayman Islands|KZ:Kazakhstan|LA:Laos|LB:Lebanon|LC:St Lucia|LI:Liechtenstein|LK:Sri Lanka|' +
  'LR:Liberia|LS:Lesotho|LT:Lithuania|LU:Luxembourg|LV:Latvia|LY:Libya|MA:Morocco|MC:Monaco|MD:Moldova|' +
  'ME:Montenegro|MF:St Martin|MG:Madagascar|MH:Marshall Islands|MK:North Macedonia|ML:Mali|' +
  'MM:Myanmar (Burma)|MN:Mongolia|MO:Macao|MP:Northern Mariana Islands|MQ:Martinique|' +
  'MR:Mauritania|MS:Montserrat|MT:Malta|MU:Mauritius|MV:Maldives|MW:Malawi|MX:Mexico|MY:Malaysia|' +
  'MZ:Mozambique|NA:Namibia|NC:New Caledonia|NE:Niger|NF:Norfolk Island|NG:Nigeria|NI:Nicaragua|' +
  'NL:Netherlands|NO:Norway|NP:Nepal|NR:Nauru|NU:Niue|NZ:New Zealand|OM:Oman|PA:Panama|PE:Peru|' +
  'PF:French Polynesia|PG:Papua New Guinea|PH:Philippines|PK:Pakistan|PL:Poland|' +
  'PM:St Pierre and Miquelon|PN:Pitcairn Islands|PR:Puerto Rico|PS:Occupied Palestinian Territories|PT:Portugal|' +
  'PW:Palau|PY:Paraguay|QA:Qatar|RE:Réunion|RO:Romania|RS:Serbia|RU:Russia|RW:Rwanda|SA:Saudi Arabia|' +
  'SB:Solomon Islands|SC:Seychelles|SD:Sudan|SE:Sweden|SG:Singapore|SH:St Helena|SI:Slovenia|' +
  'SJ:Svalbard and Jan Mayen|SK:Slovakia|SL:Sierra Leone|SM:San Marino|SN:Senegal|SO:Somalia|' +
  'SR:Suriname|SS:South Sudan|ST:São Tomé and Príncipe|SV:El Salvador|SX:Sint Maarten|SY:Syria|' +
  'SZ:Eswatini|TC:Turks and Caicos Islands|TD:Chad|TF:French Southern Territories|TG:Togo|TH:Thailand|' +
  'TJ:Tajikistan|TK:Tokelau|TL:Timor-Leste|TM:Turkmenistan|TN:Tunisia|TO:Tonga|TR:Türkiye|' +
  'TT:Trinidad and Tobago|TV:Tuvalu|TW:Taiwan|TZ:Tanzania|UA:Ukraine|UG:Uganda|UM:US Outlying Islands|' +
  'US:United States|UY:Uruguay|UZ:Uzbekistan|VA:Vatican City|VC:St Vincent and the Grenadines|' +
  'VE:Venezuela|VG:British Virgin Islands|VI:US Virgin Islands|VN:Vietnam|VU:Vanuatu|' +
  'WF:Wallis and Futuna|WS:Samoa|XK:Kosovo|YE:Yemen|YT:Mayotte|ZA:South Africa|ZM:Zambia|ZW:Zimbabwe';

// Ceremonial counties of England, preserved counties of Wales, council areas of Scotland and the
// six counties of Northern Ireland.
const counties: Record<string, string> = {
  England:
    'Bedfordshire|Berkshire|Bristol|Buckinghamshire|Cambridgeshire|Cheshire|City of London|Cornwall|Cumbria|Derbyshire|Devon|Dorset|' +
    'Durham|East Riding of Yorkshire|East Sussex|Essex|Gloucestershire|Greater London|Greater Manchester|Hampshire|Herefordshire|' +
    'Hertfordshire|Isle of Wight|Kent|Lancashire|Leicestershire|Lincolnshire|Merseyside|Norfolk|North Yorkshire|Northamptonshire|' +
    'Northumberland|Nottinghamshire|Oxfordshire|Rutland|Shropshire|Somerset|South Yorkshire|Staffordshire|Suffolk|Surrey|' +
    'Tyne and Wear|Warwickshire|West Midlands|West Sussex|West Yorkshire|Wiltshire|Worcestershire',
  Wales: 'Clwyd|Dyfed|Gwent|Gwynedd|Mid Glamorgan|Powys|South Glamorgan|West Glamorgan',
  Scotland:
    'Aberdeen City|Aberdeenshire|Angus|Argyll and Bute|City of Edinburgh|Clackmannanshire|Dumfries and Galloway|Dundee City|' +
    'East Ayrshire|East Dunbartonshire|East Lothian|East Renfrewshire|Falkirk|Fife|Glasgow City|Highland|Inverclyde|Midlothian|Moray|' +
    'Na h-Eileanan Siar|North Ayrshire|North Lanarkshire|Orkney Islands|Perth and Kinross|Renfrewshire|Scottish Borders|' +
    'Shetland Islands|South Ayrshire|South Lanarkshire|Stirling|West Dunbartonshire|West Lothian',
  'Northern Ireland': 'County Antrim|County Armagh|County Down|County Fermanagh|County Londonderry|County Tyrone',
};

// The UK SIC 2007 subclasses the embedded company register uses (migrations/…_accounts.ts), with
// their official descriptions. Not the whole classification (about 730 codes): add rows for more.
const sicCodes: Record<string, string> = {
  '10110': 'Processing and preserving of meat',
  '10390': 'Other processing and preserving of fruit and vegetables',
  '10890': 'Manufacture of other food products n.e.c.',
  '11050': 'Manufacture of beer',
  '13100': 'Preparation and spinning of textile fibres',
  '17120': 'Manufacture of paper and paperboard',
  '18129': 'Printing n.e.c.',
  '20140': 'Manufacture of other organic basic chemicals',
  '21100': 'Manufacture of basic pharmaceutical products',
  '22290': 'Manufacture of other plastic products',
  '23410': 'Manufacture of ceramic household and ornamental articles',
  '24100': 'Manufacture of basic iron and steel and of ferro-alloys',
  '25110': 'Manufacture of metal structures and parts of structures',
  '28290': 'Manufacture of other general-purpose machinery n.e.c.',
  '29100': 'Manufacture of motor vehicles',
  '33120': 'Repair of machinery',
  '35110': 'Production of electricity',
  '41201': 'Construction of commercial buildings',
  '46390': 'Non-specialised wholesale of food, beverages and tobacco',
  '47110': 'Retail sale in non-specialised stores with food, beverages or tobacco predominating',
  '49410': 'Freight transport by road',
  '52103': 'Operation of warehousing and storage facilities for land transport activities',
  '55100': 'Hotels and similar accommodation',
  '62020': 'Information technology consultancy activities',
  '63110': 'Data processing, hosting and related activities',
  '64209': 'Activities of other holding companies n.e.c.',
  '68209': 'Other letting and operating of own or leased real estate',
  '70100': 'Activities of head offices',
  '86101': 'Hospital activities',
  '93110': 'Operation of sports facilities',
};
