import { Group, NativeSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEAM_ROLES, type TeamRole } from '#src/domain/roles.ts';
import { useDeviceOptions } from '#src/ui/selectors/deviceOptions.ts';
import { TeamSelector } from '#src/ui/selectors/TeamSelector.tsx';

type Membership = { id: string; role: TeamRole };
const NAME = ['name'];

/** The teams a user is on, each with their role in it (a team just chosen starts as Member). */
export function TeamRolesInput({
  value,
  onChange,
}: {
  value: Membership[];
  onChange: (next: Membership[]) => void;
}) {
  const { t } = useTranslation(['users', 'records']);
  const names = useDeviceOptions('teams', NAME);
  const nameOf = (id: string) => names.find((o) => o.value === id)?.label ?? id;

  function choose(ids: string[]) {
    onChange(ids.map((id) => value.find((m) => m.id === id) ?? { id, role: 'Member' }));
  }

  return (
    <Stack gap={6}>
      <TeamSelector
        multiple
        label={t('userManager.teams')}
        value={value.map((m) => m.id)}
        onChange={choose}
      />
      {value.map((m) => (
        <Group key={m.id} pl="sm">
          <NativeSelect
            size="xs"
            label={t('userManager.teamRole', { team: nameOf(m.id) })}
            value={m.role}
            onChange={(e) => {
              const role = e.currentTarget.value as TeamRole;
              onChange(value.map((x) => (x.id === m.id ? { ...x, role } : x)));
            }}
            data={TEAM_ROLES.map((role) => ({
              value: role,
              label: t(`records:records.team.roles.${role}`, { defaultValue: role }),
            }))}
          />
        </Group>
      ))}
    </Stack>
  );
}
