import { useDraggable } from '@dnd-kit/core';
import { Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEAM_ROLES, type TeamRole } from '#src/domain/roles.ts';

/**
 * One person in a team's column: dragged to another team, or moved and given a role with the
 * selects (the same changes, for a keyboard or a screen reader).
 */
export function MemberCard({
  userId,
  name,
  team,
  role,
  teams,
  disabled,
  onMove,
  onRole,
}: {
  userId: string;
  name: string;
  /** The team of this column, '' for people on no team. */
  team: string;
  role: TeamRole;
  teams: { value: string; label: string }[];
  disabled: boolean;
  onMove: (to: string | null) => void;
  onRole: (role: TeamRole) => void;
}) {
  const { t } = useTranslation(['teams', 'records']);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `${team}|${userId}`,
    data: { userId, from: team || null },
    disabled,
  });
  return (
    <Paper
      withBorder
      p={6}
      ref={setNodeRef}
      component="li"
      style={{
        transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
        opacity: isDragging ? 0.6 : 1,
        listStyle: 'none',
      }}
    >
      <Stack gap={4}>
        <Text
          size="sm"
          fw={600}
          {...listeners}
          {...attributes}
          style={{ cursor: disabled ? 'default' : 'grab' }}
        >
          {name}
        </Text>
        <Group gap={4} wrap="nowrap" grow>
          {team && (
            <NativeSelect
              size="xs"
              aria-label={t('teamManager.roleOf', { name })}
              value={role}
              disabled={disabled}
              onChange={(e) => onRole(e.currentTarget.value as TeamRole)}
              data={TEAM_ROLES.map((r) => ({ value: r, label: t(`records:records.team.roles.${r}`) }))}
            />
          )}
          <NativeSelect
            size="xs"
            aria-label={t('teamManager.moveOf', { name })}
            value={team}
            disabled={disabled}
            onChange={(e) => onMove(e.currentTarget.value || null)}
            data={[{ value: '', label: t('teamManager.noTeam') }, ...teams]}
          />
        </Group>
      </Stack>
    </Paper>
  );
}
