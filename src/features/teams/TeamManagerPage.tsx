import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { can } from '#src/domain/permissions.ts';
import { MemberCard } from './components/MemberCard.tsx';
import { TeamColumn } from './components/TeamColumn.tsx';
import { useTeamManager } from './hooks/useTeamManager.ts';

/** `/teams/manager`: every team's people, moved between teams by dragging or with the selects. */
export function TeamManagerPage() {
  const { t } = useTranslation('teams');
  const actor = useActor();
  const manager = useTeamManager();
  // A small move first, so a click on a select is not taken for a drag.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );

  if (!can(actor, 'teams.membership')) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('teamManager.title')}
        </Title>
        <Text>{t('teamManager.noAccess')}</Text>
      </Stack>
    );
  }

  const options = manager.teams.map((team) => ({ value: team._id, label: String(team.name ?? team._id) }));
  const onDragEnd = (event: DragEndEvent) => {
    const from = event.active.data.current as { userId: string; from: string | null } | undefined;
    const to = event.over?.data.current as { team: string | null } | undefined;
    if (from && to) void manager.move(from.userId, from.from, to.team);
  };
  const columns = [...options, { value: '', label: t('teamManager.noTeam') }];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('teamManager.title')}
      </Title>
      <Text size="sm">{t('teamManager.explained')}</Text>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <ScrollArea type="auto">
          <Group align="flex-start" wrap="nowrap" pb="sm">
            {columns.map((column) => {
              const members = manager.byTeam.get(column.value) ?? [];
              return (
                <TeamColumn
                  key={column.value || 'none'}
                  team={column.value}
                  name={column.label}
                  count={members.length}
                >
                  {members.map(({ user, role }) => (
                    <MemberCard
                      key={user._id}
                      userId={user._id}
                      name={String(user.name)}
                      team={column.value}
                      role={role}
                      teams={options}
                      disabled={!manager.mayChange(column.value || null)}
                      onMove={(to) => void manager.move(user._id, column.value || null, to)}
                      onRole={(r) => void manager.setRole(user._id, column.value, r)}
                    />
                  ))}
                </TeamColumn>
              );
            })}
          </Group>
        </ScrollArea>
      </DndContext>
    </Stack>
  );
}
