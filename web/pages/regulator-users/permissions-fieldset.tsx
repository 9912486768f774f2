// The permission matrix of the invite and change forms: one row of radios per group, at the levels
// the group offers (reference platform §1.4).
import { Button, ButtonGroup, Fieldset, Radios } from '../../components';
import { field, type GovForm } from '../../forms';
import { levelsForPermissions, regulatorPermissionGroups } from '../../../domain/authorities';
import { regulatorRoleTemplates } from '../../../domain/users';
import { levelItems, permissionGroups } from './regulators-data';

/**
 * The base-permission presets (reference §E): each button fills the whole matrix from a role
 * template, every group it leaves out at None. Only the resulting levels are saved.
 */
function BasePermissions({ form }: { form: GovForm }) {
  const apply = (code: string) => {
    const template = regulatorRoleTemplates.find((t) => t.code === code);
    if (!template) return;
    const levels = levelsForPermissions(template.permissions);
    for (const group of permissionGroups)
      form.setValue(`permissions.${group}`, levels[group], {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
  };
  return (
    <>
      <h2 className="govuk-heading-s" id="base-permissions">
        Set base permissions
      </h2>
      <p className="govuk-body">Start from a role, then change any level below.</p>
      <ButtonGroup>
        {regulatorRoleTemplates.map((t) => (
          <Button key={t.code} type="button" variant="secondary" onClick={() => apply(t.code)} data-template={t.code}>
            {t.name}
          </Button>
        ))}
      </ButtonGroup>
    </>
  );
}

export function PermissionsFieldset({ form }: { form: GovForm }) {
  return (
    <Fieldset legend="Permissions" legendClassName="govuk-fieldset__legend--m">
      <p className="govuk-body">
        Choose what this user may do in each area. View only lets them see the tasks of that area without acting on
        them.
      </p>
      <BasePermissions form={form} />
      <h2 className="govuk-heading-s">Customise permissions</h2>
      {permissionGroups.map((group) => (
        <Radios
          key={group}
          {...field(form, `permissions.${group}`)}
          idPrefix={`permissions-${group}`}
          legend={regulatorPermissionGroups[group].label}
          legendClassName="govuk-fieldset__legend--s"
          size="medium"
          inline
          items={levelItems(group)}
        />
      ))}
    </Fieldset>
  );
}
