import { Badge, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { ACTIONS, scopeOf } from '#src/domain/permissions.ts';
import { Facts } from './Facts.tsx';

/** `/test_acl`: the signed-in user's level and roles, and every action's scope for them. */
export function RoleCheckView() {
  const { t } = useTranslation('diagnostics');
  const actor = useActor();
  return (
    <Stack gap="md">
      <Facts
        caption={t('diagnostics.role')}
        rows={[
          [t('diagnostics.level'), actor.level],
          [t('diagnostics.superAdmin'), t(actor.super_admin ? 'diagnostics.yes' : 'diagnostics.no')],
          [
            t('diagnostics.granted'),
            actor.granted?.length ? actor.granted.join(', ') : t('diagnostics.none'),
          ],
          [t('diagnostics.teams'), String(actor.team_ids.length)],
        ]}
      />
      <Table.ScrollContainer minWidth={320}>
        <Table captionSide="top" withTableBorder striped>
          <Table.Caption>{t('diagnostics.actionsCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('diagnostics.action')}</Table.Th>
              <Table.Th scope="col">{t('diagnostics.scope')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ACTIONS.map((action) => {
              const scope = scopeOf(actor, action);
              return (
                <Table.Tr key={action}>
                  <Table.Td>{action}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={scope === 'none' ? 'gray' : 'green'}>
                      {t(`diagnostics.scopes.${scope}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
