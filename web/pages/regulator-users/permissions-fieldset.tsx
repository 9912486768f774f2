// The permission matrix of the invite and change forms: one row of radios per group, at the levels
// the group offers (reference platform §1.4).
import { Fieldset, Radios } from '../../components';
import { field, type GovForm } from '../../forms';
import { regulatorPermissionGroups } from '../../../domain/authorities';
import { levelItems, permissionGroups } from './regulators-data';

export function PermissionsFieldset({ form }: { form: GovForm }) {
  return (
    <Fieldset legend="Permissions" legendClassName="govuk-fieldset__legend--m">
      <p className="govuk-body">
        Choose what this user may do in each area. View only lets them see the tasks of that area without acting on
        them.
      </p>
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
