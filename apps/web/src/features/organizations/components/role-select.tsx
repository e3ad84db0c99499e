import { MEMBER_ROLES, type TMemberRole } from '@impact/domain';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A native select: keyboard and screen readers get the platform's own behaviour. */
export function RoleSelect({
  value,
  onChange,
  label,
  disabled,
  hideLabel,
}: {
  value: TMemberRole;
  onChange: (role: TMemberRole) => void;
  label: string;
  disabled?: boolean;
  hideLabel?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value as TMemberRole)}
      data={MEMBER_ROLES.map((r) => ({ value: r, label: t(`organizations.roles.${r}`) }))}
    />
  );
}
