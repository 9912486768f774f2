// Request bodies of the users, authorities and invitation calls (spec section 7), shared by the API
// and the SPA's forms. Messages quoted by the spec come from domain/validation; the rest are ours.
import * as v from 'valibot';
import {
  authorityStatuses,
  operatorRoles,
  regulatorPermissionGroups,
  regulatorPermissionLevels,
  type AuthorityStatus,
  type OperatorRoleCode,
  type Permission,
  type RegulatorPermissionGroup,
} from './authorities';
import {
  email,
  EMAIL_INVALID,
  optionalText,
  requiredText,
  requiredValue,
  trimmedOrNull,
  wholeNumber,
} from './validation';
import { phoneProblem, type PhoneNumber } from './phone';
import { codesOf } from './labels';

export const userMessages = {
  firstName: 'Enter your first name',
  lastName: 'Enter your last name',
  jobTitle: 'Enter your job title',
  phoneNumber: 'Enter your phone number',
  phoneNumberInvalid: 'Enter a valid phone number',
  email: 'Enter an email address',
  // The invite and change forms ask for it as 'User type'.
  roleCode: 'Select a user type',
  // The operator's address (the real service's words).
  address: 'Enter an address',
  line1: 'Enter an address',
  city: 'Enter a town or city',
  postcode: 'Enter a postcode',
  token: 'Enter the invitation token',
  version: 'Enter the version of the terms and conditions',
  authorityStatus: 'Select a valid status',
  userId: 'Enter the user id',
  permissions: 'Select a level for every permission',
} as const;

/** The real service's 'too long' messages of an operator's details (reference real-service-details §E). */
export const operatorMessages = {
  firstNameTooLong: 'Your first name should not be larger than 255 characters',
  lastNameTooLong: 'Your last name should not be larger than 255 characters',
  jobTitleTooLong: 'Your job title should not be larger than 255 characters',
  addressTooLong: 'The address should not be more than 255 characters',
  cityTooLong: 'The city should not be more than 255 characters',
  countyTooLong: 'The county should not be more than 255 characters',
  postcodeTooLong: 'The postcode should not be more than 64 characters',
} as const;

/** Why a disabled user cannot work (their landing view, and the API's answer when it ends their sign-in). */
export const ACCOUNT_DISABLED =
  'Your user account has been disabled. Please contact your admin to gain access to your account.';

/** Is a user with these authorities disabled (one DISABLED, none ACTIVE), so told ACCOUNT_DISABLED when their sign-ins end? */
export const accountDisabled = (authorities: { status: AuthorityStatus }[]): boolean =>
  authorities.some((a) => a.status === 'DISABLED') && !authorities.some((a) => a.status === 'ACTIVE');

/** What asking for a sign-up or password e-mail is told, whether or not the address has a sign-in. */
export const LINK_SENT = 'If an account exists for this email address, we have sent a link';

const NAME_MAX = 255;
const PHONE = /^\+?[0-9][0-9 ()-]{4,18}[0-9]$/;

const phone = (required: boolean) =>
  v.pipe(
    required ? requiredText(userMessages.phoneNumber, { maxLength: 30 }) : optionalText({ maxLength: 30 }),
    v.check((input: string | null) => input === null || PHONE.test(input), userMessages.phoneNumberInvalid),
  );

export const emailField = v.pipe(
  v.nullish(v.string(), null),
  requiredValue<string | null>(userMessages.email),
  email<string | null>(EMAIL_INVALID),
  v.transform((input) => (input as string).trim().toLowerCase()),
);

/** Asking for a password link (POST /users/forgot-password/reset-password-email). */
export const forgotPasswordSchema = v.object({ email: emailField });

/** Text the people pages ask for: trimmed, blank is null, with its own 'too long' message. */
const limitedText = (tooLong: string, max = NAME_MAX) =>
  v.pipe(
    v.nullish(v.string(), null),
    trimmedOrNull(),
    v.check((input: string | null) => input === null || input.length <= max, tooLong),
  );
const requiredLimitedText = (required: string, tooLong: string, max = NAME_MAX) =>
  v.pipe(
    limitedText(tooLong, max),
    requiredValue<string | null>(required),
    v.transform((input) => input as string),
  );

/** An operator's address (the real service's CountyAddressDTO): no country. Its messages are the real service's. */
export const operatorAddressSchema = v.object({
  line1: requiredLimitedText(userMessages.line1, operatorMessages.addressTooLong),
  line2: limitedText(operatorMessages.addressTooLong),
  city: requiredLimitedText(userMessages.city, operatorMessages.cityTooLong),
  county: limitedText(operatorMessages.countyTooLong),
  postcode: requiredLimitedText(userMessages.postcode, operatorMessages.postcodeTooLong, 64),
});

/** A user's profile as the API answers it (GET /users, an operator's or a regulator's user). */
export const userDtoSchema = v.object({
  id: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  jobTitle: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  mobileNumber: v.nullable(v.string()),
  address: v.nullable(v.record(v.string(), v.nullable(v.string()))),
  termsVersion: v.nullable(v.number()),
  status: v.picklist(['PENDING', 'REGISTERED']),
});
export type UserDto = v.InferOutput<typeof userDtoSchema>;

/** An operator's details as the operator user calls answer them: the phone numbers as {countryCode, number}. */
const phonePairSchema = v.nullable(v.object({ countryCode: v.string(), number: v.string() }));
export const operatorUserViewSchema = v.object({
  ...userDtoSchema.entries,
  phoneNumber: phonePairSchema,
  mobileNumber: phonePairSchema,
});
export type OperatorUserView = v.InferOutput<typeof operatorUserViewSchema>;

/** A phone number as {countryCode, number} (domain/phone.ts); an empty optional one is null. */
const phoneNumber = (required: boolean) =>
  v.pipe(
    v.nullish(
      v.object(
        { countryCode: v.nullish(v.string(), null), number: v.nullish(v.string(), null) },
        'Enter the phone number as its countryCode and number',
      ),
      null,
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = phoneProblem(dataset.value, required);
      if (problem) addIssue({ message: problem });
    }),
    v.transform((input): PhoneNumber | null => {
      const countryCode = input?.countryCode?.trim() ?? '';
      const number = input?.number?.trim() ?? '';
      return countryCode && number ? { countryCode, number } : null;
    }),
  );

/**
 * Operator user DTO: the contact details an operator gives at sign-up and keeps on 'Your details'
 * (POST /operator-users/registration/register, PATCH /operator-users/…), with the real service's
 * rules and messages (reference real-service-details §E).
 */
export const operatorUserSchema = v.object({
  firstName: requiredLimitedText(userMessages.firstName, operatorMessages.firstNameTooLong),
  lastName: requiredLimitedText(userMessages.lastName, operatorMessages.lastNameTooLong),
  jobTitle: limitedText(operatorMessages.jobTitleTooLong),
  phoneNumber: v.pipe(
    phoneNumber(true),
    v.transform((input) => input as PhoneNumber),
  ),
  mobileNumber: phoneNumber(false),
  address: v.pipe(
    v.nullish(operatorAddressSchema, null),
    requiredValue(userMessages.address),
    v.transform((input) => input as v.InferOutput<typeof operatorAddressSchema>),
  ),
});
export type OperatorUserDto = v.InferOutput<typeof operatorUserSchema>;
/** What the forms hold before the rules run (every text a string). */
export type OperatorUserInput = v.InferInput<typeof operatorUserSchema>;

/** Operator user registration DTO: the profile plus, optionally, the terms version accepted. */
export const operatorUserRegistrationSchema = v.object({
  ...operatorUserSchema.entries,
  termsVersion: v.nullish(wholeNumber(userMessages.version), null),
});
export type OperatorUserRegistrationDto = v.InferOutput<typeof operatorUserRegistrationSchema>;

export const tokenSchema = v.object({ token: requiredText(userMessages.token, { maxLength: 200 }) });
/** oneTimePasswordDTO: a code from the user's authenticator app. */
export const oneTimePasswordSchema = v.object({
  password: requiredText('Enter the 6-digit code from your authenticator app', { maxLength: 20 }),
});

export const invitationTypes = ['OPERATOR_INVITATION', 'REGULATOR_INVITATION', 'VERIFIER_INVITATION'] as const;
export type InvitationType = (typeof invitationTypes)[number];
export const resolveEmailSchema = v.object({
  token: requiredText(userMessages.token, { maxLength: 200 }),
  type: v.optional(v.picklist(invitationTypes, 'Select a valid invitation type')),
});

export const operatorInviteAndRegisterSchema = v.object({
  invitationTokenDTO: tokenSchema,
  operatorUserRegistrationDTO: operatorUserRegistrationSchema,
});

export const updateTermsSchema = v.object({
  version: wholeNumber(userMessages.version),
});

const operatorRoleCodes = Object.keys(operatorRoles) as OperatorRoleCode[];
const operatorRoleCode = v.picklist(operatorRoleCodes, userMessages.roleCode);

export const operatorUserInvitationSchema = v.object({
  email: emailField,
  firstName: requiredText(userMessages.firstName, { maxLength: NAME_MAX }),
  lastName: requiredText(userMessages.lastName, { maxLength: NAME_MAX }),
  roleCode: operatorRoleCode,
});
export type OperatorUserInvitationDto = v.InferOutput<typeof operatorUserInvitationSchema>;

export const contactLabels = {
  PRIMARY: 'Primary contact',
  SECONDARY: 'Secondary contact',
  SERVICE: 'Service contact',
  FINANCIAL: 'Financial contact',
} satisfies Record<string, string>;
export type ContactType = keyof typeof contactLabels;
export const contactTypes = codesOf(contactLabels);

/** An account's operator users as GET /operator-authorities/account/{accountId} answers them. */
export const operatorAuthoritiesSchema = v.object({
  authorities: v.array(
    v.object({
      /** Null for an invitation to someone who has not signed up yet. */
      userId: v.nullable(v.string()),
      email: v.string(),
      firstName: v.nullable(v.string()),
      lastName: v.nullable(v.string()),
      roleCode: v.nullable(v.picklist(Object.keys(operatorRoles) as OperatorRoleCode[])),
      roleName: v.string(),
      authorityStatus: v.picklist(authorityStatuses),
      authorityCreationDate: v.string(),
    }),
  ),
  contactTypes: v.record(v.picklist(contactTypes), v.nullable(v.string())),
  /** May the caller invite, change and remove users and set the contacts? */
  editable: v.boolean(),
});
export type OperatorAuthorities = v.InferOutput<typeof operatorAuthoritiesSchema>;
export type OperatorAuthority = OperatorAuthorities['authorities'][number];

const userId = requiredText(userMessages.userId, { maxLength: 255 });
const authorityStatus = v.picklist(authorityStatuses, userMessages.authorityStatus);

/** Account operator authority update wrapper DTO. */
export const operatorAuthorityUpdateSchema = v.object({
  accountOperatorAuthorityUpdateList: v.pipe(
    v.array(
      v.object({ userId, roleCode: operatorRoleCode, authorityStatus }),
      'Enter the list of authorities to update',
    ),
    v.maxLength(500, 'Update at most 500 users at once'),
  ),
  contactTypes: v.nullish(
    v.record(v.picklist(contactTypes, 'Select a valid contact type'), v.nullish(v.string())),
    null,
  ),
});
export type OperatorAuthorityUpdate = v.InferOutput<typeof operatorAuthorityUpdateSchema>;

export const regulatorPermissionsSchema = v.record(
  v.picklist(
    Object.keys(regulatorPermissionGroups) as (keyof typeof regulatorPermissionGroups)[],
    'Select a valid permission group',
  ),
  v.picklist(regulatorPermissionLevels, userMessages.permissions),
);

/** A whole permission matrix, as the API answers it: every group with its level. */
export const permissionMatrixSchema = v.object(
  Object.fromEntries(
    Object.keys(regulatorPermissionGroups).map((group) => [group, v.picklist(regulatorPermissionLevels)]),
  ) as Record<RegulatorPermissionGroup, v.PicklistSchema<typeof regulatorPermissionLevels, undefined>>,
);
export type PermissionMatrix = v.InferOutput<typeof permissionMatrixSchema>;

/** The regulators of the caller's competent authority: GET /regulator-authorities. */
export const regulatorUsersSchema = v.object({
  caUsers: v.array(
    v.object({
      /** Null for an invitation to someone who has not signed up yet. */
      userId: v.nullable(v.string()),
      email: v.string(),
      firstName: v.nullable(v.string()),
      lastName: v.nullable(v.string()),
      jobTitle: v.nullable(v.string()),
      authorityStatus: v.picklist(authorityStatuses),
      authorityCreationDate: v.string(),
      lastSignIn: v.nullable(v.string()),
    }),
  ),
  /** May the caller invite users, change them and set site contacts? */
  editable: v.boolean(),
});
export type RegulatorUsers = v.InferOutput<typeof regulatorUsersSchema>;
export type RegulatorUser = RegulatorUsers['caUsers'][number];

/** A regulator user as GET /regulator-users/{userId} answers: the user DTO and their signature file, if any. */
export const regulatorUserDtoSchema = v.object({
  ...userDtoSchema.entries,
  signature: v.nullable(v.object({ uuid: v.string(), name: v.string(), size: v.number() })),
});
export type RegulatorUserDto = v.InferOutput<typeof regulatorUserDtoSchema>;

/** Regulator invited user: the JSON part `regulatorInvitedUser` of POST /regulator-users/invite. */
export const regulatorInvitedUserSchema = v.object({
  email: emailField,
  firstName: requiredText(userMessages.firstName, { maxLength: NAME_MAX }),
  lastName: requiredText(userMessages.lastName, { maxLength: NAME_MAX }),
  jobTitle: requiredText(userMessages.jobTitle, { maxLength: NAME_MAX }),
  phoneNumber: phone(true),
  mobileNumber: phone(false),
  permissions: v.nullish(regulatorPermissionsSchema, {}),
});
export type RegulatorInvitedUser = v.InferOutput<typeof regulatorInvitedUserSchema>;

/** The profile a regulator keeps: the invited user's fields without the e-mail (the sign-in's) and permissions. */
const { email: _email, permissions: _permissions, ...regulatorProfileEntries } = regulatorInvitedUserSchema.entries;
export const regulatorProfileSchema = v.object(regulatorProfileEntries);
/** Regulator user update DTO (reference §1.7): the profile, and for someone else the permission matrix (groups left out keep their level). */
export const regulatorUserUpdateSchema = v.object({
  user: regulatorProfileSchema,
  permissions: v.nullish(regulatorPermissionsSchema, null),
});
export type RegulatorUserUpdate = v.InferOutput<typeof regulatorUserUpdateSchema>;
/** The current user's own update: the profile only. */
export const currentRegulatorUserUpdateSchema = v.object({ user: regulatorProfileSchema });

/** Regulator user update status DTO: POST /regulator-authorities. */
export const regulatorStatusUpdateSchema = v.pipe(
  v.array(v.object({ userId, authorityStatus }), 'Enter the list of users to update'),
  v.maxLength(500, 'Update at most 500 users at once'),
);

/** Site contacts (POST /{accountType}/ca-site-contacts): per account, its regulator contact, or none. */
export const caSiteContactsUpdateSchema = v.pipe(
  v.array(
    v.object({
      accountId: v.pipe(
        v.number('Enter the account id'),
        v.integer('Enter the account id'),
        v.minValue(1, 'Enter the account id'),
      ),
      userId: v.nullish(v.pipe(v.string('Select a regulator'), v.maxLength(255)), null),
    }),
    'Enter the list of site contacts',
  ),
  v.maxLength(500, 'Update at most 500 accounts at once'),
);

export const caSiteContactsSchema = v.object({
  caSiteContacts: v.array(
    v.object({
      accountId: v.number(),
      accountName: v.string(),
      organisationId: v.string(),
      userId: v.nullable(v.string()),
    }),
  ),
  totalItems: v.number(),
  /** May the caller change them? */
  editable: v.boolean(),
});
export type CaSiteContacts = v.InferOutput<typeof caSiteContactsSchema>;

/** Verifier invited user enable DTO. */
export const invitedUserEnableSchema = v.object({
  invitationToken: requiredText(userMessages.token, { maxLength: 200 }),
});

/** Regulator signature rules (reference §2.4): a BMP under 200 KB. */
export const SIGNATURE_MAX_BYTES = 204800;
export const SIGNATURE_CONTENT_TYPES = ['image/bmp', 'image/x-ms-bmp'] as const;

/**
 * Regulator role templates: the base-permission presets that fill the permission matrix of an
 * invitation or of a user's permissions (reference real-service-details §E). Presets are not
 * stored, only the permissions they give. Ours add a request for information to the technical
 * officer, the team leader (the real service's equal of the technical officer) and the super users,
 * and publishing data (our own addition) to the service super user only.
 */
const reviewAll: Permission[] = [
  'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_VIEW_TASK',
  'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_EXECUTE_TASK',
];
const officer: Permission[] = ['PERM_TASK_ASSIGNMENT', ...reviewAll, 'PERM_RFI_SUBMIT'];
const superUser: Permission[] = [
  'PERM_TASK_ASSIGNMENT',
  'PERM_CA_USERS_EDIT',
  'PERM_ACCOUNT_USERS_EDIT',
  'PERM_UPLOAD_VERIFIED_ORGANISATION_ACCOUNTS',
  'PERM_ACCOUNT_CLOSURE_SUBMIT',
  ...reviewAll,
  'PERM_NOTIFICATION_OF_COMPLIANCE_APPLICATION_RE_INITIATE_TASK',
  'PERM_ACTION_PLAN_APPLICATION_RE_INITIATE_TASK',
  'PERM_PROGRESS_UPDATE_1_APPLICATION_RE_INITIATE_TASK',
  'PERM_PROGRESS_UPDATE_2_APPLICATION_RE_INITIATE_TASK',
  'PERM_RFI_SUBMIT',
];
export interface RegulatorRoleTemplate {
  code: string;
  /** The preset button's words. */
  name: string;
  permissions: Permission[];
}
export const regulatorRoleTemplates: RegulatorRoleTemplate[] = [
  {
    code: 'regulator_admin_team',
    name: 'Admin team',
    permissions: ['PERM_TASK_ASSIGNMENT', 'PERM_ORGANISATION_ACCOUNT_OPENING_APPLICATION_REVIEW_VIEW_TASK'],
  },
  { code: 'regulator_technical_officer', name: 'Technical officer', permissions: officer },
  { code: 'regulator_team_leader', name: 'Team leader', permissions: officer },
  { code: 'ca_super_user', name: 'Regulator superuser', permissions: superUser },
  { code: 'service_super_user', name: 'Service superuser', permissions: [...superUser, 'PERM_PUBLISHED_DATA_EDIT'] },
];

/** Verifier role codes (the verifier screens are not shown; the codes exist). */
export const verifierRoles = [
  { code: 'verifier_admin', name: 'Verifier admin' },
  { code: 'verifier', name: 'Verifier' },
] as const;
