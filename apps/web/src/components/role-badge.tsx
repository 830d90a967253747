import type { Role } from '@tappa/domain';
import { useTranslation } from '../lib/i18n';
import { roleLabelKey } from '../lib/session-roles';
import './ui.css';

/** Props of `RoleBadge`. */
export interface RoleBadgeProps {
  role: Role;
}

/** A small pill naming a role: Superadmin, Admin, Manager or User. */
export function RoleBadge({ role }: RoleBadgeProps) {
  const { t } = useTranslation();
  return <span className={`role-badge role-badge--${role}`}>{t(roleLabelKey(role))}</span>;
}
