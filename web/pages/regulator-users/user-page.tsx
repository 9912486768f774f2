// One regulator user (/user/regulators/{userId}). An administrator changes a colleague's details,
// signature and permission groups, resets their one-time code and unlocks their sign-in after too
// many attempts; everyone changes their own
// details and signature here, but never their own permissions.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import {
  ActionLink,
  Button,
  ButtonGroup,
  NotificationBanner,
  SummaryList,
  TextInput,
  WarningText,
} from '../../components';
import { field, FormErrorSummary, useGovForm, type GovForm } from '../../forms';
import { HttpError, apiGet, apiPost } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { useAnyRequestPending } from '../../lib/pending';
import { hasRegulatorPermission, useSession } from '../../stores/session';
import { regulatorPermissionGroups, regulatorPermissionLevelLabels } from '../../../domain/authorities';
import { regulatorUserUpdateSchema, type RegulatorUserUpdate } from '../../../domain/users';
import { PermissionsFieldset } from './permissions-fieldset';
import { SignatureInput } from './signature-input';
import { permissionGroups, regulatorName, signatureProblem, type PermissionLevels } from './regulators-data';

interface RegulatorUserDto {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  phoneNumber: string | null;
  mobileNumber: string | null;
  signature?: { uuid: string; name: string; size: number } | null;
}

const fields = [
  'user.firstName',
  'user.lastName',
  'user.jobTitle',
  'user.phoneNumber',
  'user.mobileNumber',
  'signature',
  'permissions',
] as const;

export default function RegulatorUserPage() {
  const { userId } = useParams<{ userId: string }>();
  const me = useSession((s) => s.userState?.userId);
  const ownLevels = useSession((s) => s.regulatorPermissions);
  const manager = useSession((s) => hasRegulatorPermission(s, 'MANAGE_USERS_AND_CONTACTS', 'EXECUTE'));
  const self = userId === me;
  const [user, setUser] = useState<RegulatorUserDto | null>(null);
  const [levels, setLevels] = useState<PermissionLevels | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const signature = useRef<HTMLInputElement | null>(null);
  const pending = useAnyRequestPending();
  const [, navigate] = useLocation();
  const name = user ? regulatorName(user) : 'Regulator user';
  usePageTitle(user ? name : 'Regulator user');

  const form = useGovForm({ schema: regulatorUserUpdateSchema, fieldOrder: fields });
  const { reset } = form;
  useEffect(() => {
    let live = true;
    const load = async () => {
      // Someone else's details and levels need the permission to manage users; one's own come from the profile.
      const details = manager
        ? await apiGet(`/v1.0/regulator-users/${encodeURIComponent(userId)}`)
        : await apiGet('/v1.0/users');
      const matrix =
        !self && manager
          ? (await apiGet(`/v1.0/regulator-authorities/permissions/${encodeURIComponent(userId)}`)).permissions
          : null;
      if (!live) return;
      setUser(details);
      setLevels(matrix);
      reset({
        user: {
          firstName: details.firstName,
          lastName: details.lastName,
          jobTitle: details.jobTitle ?? '',
          phoneNumber: details.phoneNumber ?? '',
          mobileNumber: details.mobileNumber ?? '',
        },
        ...(matrix ? { permissions: matrix } : {}),
      });
    };
    if (!self && !manager) setFailed('You do not have permission to change other regulator users.');
    else
      load().catch(
        (err) =>
          live &&
          setFailed(
            err instanceof HttpError && err.status === 404
              ? 'This user is not one of your competent authority’s regulator users.'
              : 'The user could not be loaded. Try again later.',
          ),
      );
    return () => {
      live = false;
    };
  }, [userId, self, manager, reset]);

  const save = async (dto: RegulatorUserUpdate) => {
    const file = signature.current?.files?.[0];
    const problem = signatureProblem(file);
    if (problem) return form.setError('signature' as never, { message: problem });
    const body = new FormData();
    body.append(
      'regulatorUserUpdateDTO',
      new Blob([JSON.stringify(self ? { user: dto.user } : dto)], { type: 'application/json' }),
    );
    if (file) body.append('signature', file, file.name);
    try {
      await apiPost(self ? '/v1.0/regulator-users' : `/v1.0/regulator-users/${encodeURIComponent(userId)}`, body);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      form.setError((err.body?.field ?? 'user.firstName') as never, { message: err.message.replace(/^[\w.]+: /, '') });
      return;
    }
    navigate('/user/regulators', {
      state: { flash: self ? 'Your details have been updated' : `${regulatorName(dto.user)} has been updated` },
    });
  };

  const resetCode = async () => {
    await apiPost(`/v1.0/regulator-users/${encodeURIComponent(userId)}/reset-2fa`);
    setConfirmReset(false);
    setNotice(`The one-time code of ${name} has been reset. They will set up a new one when they next sign in.`);
  };

  const unlock = async () => {
    await apiPost(`/v1.0/regulator-users/${encodeURIComponent(userId)}/unlock`);
    setNotice(`The sign-in of ${name} has been unlocked. They can sign in again now.`);
  };

  const downloadSignature = async () => {
    if (!user?.signature) return;
    const { token } = await apiGet(`/v1.0/regulator-users/${encodeURIComponent(userId)}/signature`, {
      query: { signatureUuid: user.signature.uuid },
    });
    window.location.assign(`/api/v1.0/file-attachments/${encodeURIComponent(token)}`);
  };

  if (failed) {
    return (
      <>
        <h1 className="govuk-heading-l">Regulator user</h1>
        <p className="govuk-body">{failed}</p>
        <p className="govuk-body">
          <Link className="govuk-link" href="/user/regulators">
            Back to regulator users
          </Link>
        </p>
      </>
    );
  }
  if (!user)
    return (
      <p className="govuk-body" role="status">
        Loading…
      </p>
    );

  if (confirmReset) {
    return (
      <>
        <h1 className="govuk-heading-l">Are you sure you want to reset the one-time code of {name}?</h1>
        <WarningText>
          They will not be able to sign in until they set up a new one-time code, which they are asked to do when they
          next sign in.
        </WarningText>
        <ButtonGroup>
          <Button type="button" variant="warning" pending={pending} onClick={() => void resetCode()}>
            Yes, reset the one-time code
          </Button>
          <ActionLink onClick={() => setConfirmReset(false)}>Cancel</ActionLink>
        </ButtonGroup>
      </>
    );
  }

  return (
    <>
      {notice ? (
        <NotificationBanner type="success">
          <p className="govuk-notification-banner__heading">{notice}</p>
        </NotificationBanner>
      ) : null}
      <FormErrorSummary form={form} />
      <h1 className="govuk-heading-l">{self ? 'Your details' : name}</h1>
      <SummaryList
        rows={[
          { key: 'Email address', value: user.email },
          ...(user.signature
            ? [
                {
                  key: 'Signature',
                  value: user.signature.name,
                  actions: [
                    {
                      href: '#',
                      text: 'Download',
                      visuallyHiddenText: 'the signature',
                      onClick: (e: React.MouseEvent) => {
                        e.preventDefault();
                        void downloadSignature();
                      },
                    },
                  ],
                },
              ]
            : []),
        ]}
      />
      <form noValidate onSubmit={form.handleSubmit(save)}>
        <TextInput {...field(form, 'user.firstName')} label="First name" autoComplete="off" />
        <TextInput {...field(form, 'user.lastName')} label="Last name" autoComplete="off" />
        <TextInput {...field(form, 'user.jobTitle')} label="Job title" autoComplete="off" />
        <TextInput
          {...field(form, 'user.phoneNumber')}
          type="tel"
          label="Phone number"
          autoComplete="off"
          className="govuk-input--width-20"
        />
        <TextInput
          {...field(form, 'user.mobileNumber')}
          type="tel"
          label="Mobile number (optional)"
          autoComplete="off"
          className="govuk-input--width-20"
        />
        <SignatureInput
          label={user.signature ? 'Replace the signature (optional)' : 'Upload a signature (optional)'}
          error={form.errorFor('signature')}
          inputRef={signature}
        />
        {levels ? (
          <PermissionsFieldset form={form as unknown as GovForm} />
        ) : (
          <>
            <h2 className="govuk-heading-m">Permissions</h2>
            <p className="govuk-body">
              {self ? 'You cannot change your own permissions: ask another administrator.' : ''}
            </p>
            <SummaryList
              rows={permissionGroups.map((g) => ({
                key: regulatorPermissionGroups[g].label,
                value: regulatorPermissionLevelLabels[(self ? ownLevels?.[g] : undefined) ?? 'NONE'],
              }))}
            />
          </>
        )}
        <ButtonGroup>
          <Button pending={pending}>Save</Button>
          {!self && manager ? (
            <>
              <Button type="button" variant="secondary" onClick={() => setConfirmReset(true)}>
                Reset one-time code
              </Button>
              <Button type="button" variant="secondary" pending={pending} onClick={() => void unlock()}>
                Unlock sign-in
              </Button>
              <Link className="govuk-link" href={`/user/regulators/${encodeURIComponent(userId)}/delete`}>
                Delete user
              </Link>
            </>
          ) : null}
          <Link className="govuk-link" href="/user/regulators">
            Cancel
          </Link>
        </ButtonGroup>
      </form>
    </>
  );
}
