// The notification's help panels (reference details §A), in our own words: what the real forms'
// 'Help me answer this question' panels tell, under the questions they belong to. Rendered as GOV.UK
// details on the question pages only; summaries, the PDF, MI and published data leave them out.
import type { Help } from '../../domain/reports/fields';

export const QUALIFICATION_NOT_MET_HELP: Help = {
  title: 'When are the qualification conditions not met',
  content: [
    'Read section 1.2 of the ESOS guidance: it and the Regulations decide, and you may want legal advice. If any undertaking in the group is large, every undertaking in the group must comply.',
    'An organisation does not qualify when one of these is true:',
    [
      'no undertaking in the group had an average of 250 or more employees, counted monthly, over 2 accounting periods of 12 months in a row (anyone with a contract of service or employment counts, whatever their hours; agency workers usually do not)',
      'no undertaking had an annual turnover over £44 million and an annual balance sheet total over £38 million, in 2 accounting periods in a row (turnover is income from goods and services after discounts, VAT and other taxes; the balance sheet total is gross assets before liabilities)',
      'it is not an undertaking as section 1161 of the Companies Act 2006 defines one (a body corporate, a partnership, or an unincorporated association trading with or without profit); public bodies are not undertakings',
      'it is in an insolvency procedure (paragraph 120(7) of Schedule 6 to the Finance Act 2000)',
    ],
    'You may keep evidence of why the organisation does not qualify as a note on the account.',
  ],
};

export const COMPLIANCE_ROUTES_HELP: Help = {
  title: 'Help me answer this question',
  content: [
    'Together the compliance routes must cover all of the significant energy consumption (section 4 of the ESOS guidance). The 4 routes are ISO 50001, Display Energy Certificates (DECs), Green Deal Assessments (GDAs) and ESOS energy audits.',
    'A certificate counts when it was issued after 5 December 2019 and was valid on 5 December 2023, or on 5 June 2024 where the compliance date was extended.',
    'Audit work done for another scheme counts only when it was done in the compliance period, meets the ESOS minimum requirements for audits (guidance 5.4.1) and was not used for the previous phase.',
    'Over 5% of energy use not covered by a route means the organisation is not fully compliant.',
  ],
};

export const ENERGY_INTENSITY_HELP: Help = {
  title: 'How to calculate energy intensity ratios',
  content: [
    'A ratio is the energy used for an organisational purpose, in kWh, divided by an indicator of activity for that purpose over the reference period (the Regulations call the indicator a quantifiable factor, paragraph 25C(3)).',
    'Use the total energy consumption of each purpose, or its significant energy consumption where you chose to use it. The indicator must reflect the assets or activities of that purpose over the reference period, and the ratios together must cover all of the consumption.',
    'The indicators are your choice (section 6 of the ESOS guidance). We recommend:',
    [
      'buildings: kWh for each square metre of floor area',
      'transport: kWh for each person-mile for passengers and for each tonne-mile for freight, as separate ratios, or the freight method with an estimated mass of the passengers',
      'industrial processes: kWh for each tonne, litre or unit produced; for sites in a chain, for the final output only',
      'other uses: one ratio each, or one for them all',
    ],
    'Portions that do not overlap and data that can be verified are best; estimate where there is no such data.',
  ],
};

export const LEAD_ASSESSOR_HELP: Help = {
  title: 'Help me answer this question',
  content: [
    'What a lead assessor will do: review the calculation of the total energy consumption, the scope of the significant energy consumption (at least 95% of the total), the evidence for any alternative compliance routes, and that the energy audits meet the minimum requirements.',
    'The lead assessor may do this work themselves or check the work of others. When they have reviewed it but not confirmed it, the regulator will review the notification.',
  ],
};

export const GROUP_CHART_HELP: Help = {
  title: 'How to provide a group structure chart',
  content: [
    'Add the chart as a note on this notification’s request: open its Notes tab, write a short note and attach the file. Notes take PDF, Word, Excel, PowerPoint, Visio (VSD, VSDX), image and text files of up to 20MB each.',
    'Regulators of your competent authority see the note and its files.',
  ],
};
