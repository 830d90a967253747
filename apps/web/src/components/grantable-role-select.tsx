import { GRANTABLE_ROLES, type GrantableRole } from '@tappa/contracts';
import { useTranslation } from '../lib/i18n';
import { roleLabelKey } from '../lib/session-roles';
import type { ControlProps } from './form-field';

/** Props of `GrantableRoleSelect`. */
export interface GrantableRoleSelectProps extends Partial<ControlProps> {
  value: GrantableRole;
  onValueChange: (role: GrantableRole) => void;
  disabled?: boolean;
  'aria-label'?: string;
}

/** Whether a select's value is a role the superadmin may give. */
function isGrantable(value: string): value is GrantableRole {
  return GRANTABLE_ROLES.some((role) => role === value);
}

/** A select of the roles the superadmin gives in a tenant, named like the role badges. */
export function GrantableRoleSelect({
  value,
  onValueChange,
  ...control
}: GrantableRoleSelectProps) {
  const { t } = useTranslation();
  return (
    <select
      className="input"
      {...control}
      value={value}
      onChange={(event) => {
        if (isGrantable(event.target.value)) onValueChange(event.target.value);
      }}
    >
      {GRANTABLE_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(roleLabelKey(role))}
        </option>
      ))}
    </select>
  );
}
