import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoles } from '#src/device/hooks/useRoles.ts';
import { BUILT_IN_ROLES } from '#src/domain/customRoles.ts';
import { SearchableMultiSelect } from './SearchableSelect.tsx';
import type { SelectOption } from './selectOptions.ts';

export interface UserRoleSelectProps {
  value: readonly number[];
  onChange(value: number[]): void;
  label?: string;
  description?: string;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * The "user role" group selector (SPEC section 2): the built-in role ids and the org's named roles
 * from the device. An id held that is neither (an old role) stays listed, so saving keeps it.
 */
export function UserRoleSelect({ value, onChange, label, ...rest }: UserRoleSelectProps) {
  const { t } = useTranslation('admin');
  const roles = useRoles();
  const options = useMemo(() => {
    const list: SelectOption[] = BUILT_IN_ROLES.map((r) => ({
      value: String(r.id),
      label: t('roles.builtInOption', { name: t(`roles.builtIn.${r.meaning}.name`), id: r.id }),
    }));
    for (const role of roles ?? []) {
      list.push({ value: String(role.id ?? role._id), label: String(role.name ?? role._id) });
    }
    for (const id of value) {
      if (!list.some((o) => o.value === String(id)))
        list.push({ value: String(id), label: t('roles.unknownOption', { id }) });
    }
    return list;
  }, [roles, value, t]);
  return (
    <SearchableMultiSelect
      {...rest}
      label={label ?? t('roles.userRoles')}
      options={options}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number).filter((n) => Number.isInteger(n)))}
    />
  );
}
