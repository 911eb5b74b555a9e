import { Checkbox, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GRANTABLE_GROUPS, type GrantableGroup } from '../../../domain/permissions.ts';

/** The catalogue key of a permission's label: 'contacts.read' → 'contactsRead'. */
export function permissionKey(action: string): string {
  return action.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
}

/** What a named role grants, one checkbox per grantable action, grouped as the table groups them. */
export function PermissionChecklist({
  value,
  onChange,
}: {
  value: string[];
  onChange(value: string[]): void;
}) {
  const { t } = useTranslation();
  const groups = Object.entries(GRANTABLE_GROUPS) as [GrantableGroup, readonly string[]][];
  return (
    <Stack gap="md">
      {groups.map(([group, actions]) => (
        <Checkbox.Group
          key={group}
          label={t(`roles.groups.${group}`)}
          value={value.filter((a) => actions.includes(a))}
          onChange={(picked) => onChange([...value.filter((a) => !actions.includes(a)), ...picked].sort())}
        >
          <Stack gap={6} mt={6}>
            {actions.map((action) => (
              <Checkbox key={action} value={action} label={t(`roles.permissions.${permissionKey(action)}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
      ))}
    </Stack>
  );
}
