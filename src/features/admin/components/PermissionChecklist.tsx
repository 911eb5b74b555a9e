import { Alert, Badge, Checkbox, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isAdminEquivalentGrant } from '#src/domain/customRoles.ts';
import { GRANTABLE_GROUPS, type GrantableGroup } from '#src/domain/permissions.ts';
import type { MessageKey } from '#src/ui/messages.ts';

/** The catalogue key of a permission's label: 'contacts.read' → 'contactsRead'. */
export function permissionKey(action: string): string {
  return action.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());
}

/** A permission's checkbox label; an admin-equivalent one is marked, with what makes it so. */
function PermissionLabel({ action }: { action: string }) {
  const { t } = useTranslation('admin');
  const key = permissionKey(action);
  if (!isAdminEquivalentGrant(action)) return <>{t(`roles.permissions.${key}` as MessageKey<'admin'>)}</>;
  return (
    <Group gap={6} wrap="wrap">
      <span>{t(`roles.permissions.${key}` as MessageKey<'admin'>)}</span>
      <Badge color="orange" variant="light" size="sm">
        {t('roles.adminEquivalent')}
      </Badge>
    </Group>
  );
}

/**
 * What a named role grants, one checkbox per grantable action, grouped as the table groups them.
 * Grants that let holders reach beyond their own level are marked admin-equivalent.
 */
export function PermissionChecklist({
  value,
  onChange,
}: {
  value: string[];
  onChange(value: string[]): void;
}) {
  const { t } = useTranslation('admin');
  const groups = Object.entries(GRANTABLE_GROUPS) as [GrantableGroup, readonly string[]][];
  return (
    <Stack gap="md">
      <Alert color="orange" title={t('roles.adminEquivalentTitle')}>
        {t('roles.adminEquivalentExplained')}
      </Alert>
      {groups.map(([group, actions]) => (
        <Checkbox.Group
          key={group}
          label={t(`roles.groups.${group}`)}
          value={value.filter((a) => actions.includes(a))}
          onChange={(picked) => onChange([...value.filter((a) => !actions.includes(a)), ...picked].sort())}
        >
          <Stack gap={6} mt={6}>
            {actions.map((action) => (
              <Checkbox
                key={action}
                value={action}
                label={<PermissionLabel action={action} />}
                description={
                  isAdminEquivalentGrant(action)
                    ? t(`roles.adminEquivalentWhy.${permissionKey(action)}` as MessageKey<'admin'>)
                    : undefined
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
      ))}
    </Stack>
  );
}
