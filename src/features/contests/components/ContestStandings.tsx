import { Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContestPerson } from '#src/device/hooks/useContests.ts';
import type { ContestStanding } from '#src/domain/contests.ts';
import { numberFormat } from '#src/domain/format.ts';
import { compactCurrency, compactNumber } from '#src/domain/leaderboard.ts';
import { initialsOf } from '#src/domain/profilePhoto.ts';
import { intlLocale, shownLanguage } from '#src/ui/intlLocale.ts';

/**
 * A contest's standings: rank, picture or initials, name, sales number and volume; the winner and
 * the viewer marked. Those without a sale are counted rather than listed (the viewer always is).
 */
export function ContestStandings({
  standings,
  people,
  winner,
  caption,
  me,
}: {
  standings: readonly ContestStanding[];
  people: ReadonlyMap<string, ContestPerson>;
  winner: string | null;
  caption: string;
  me: string;
}) {
  const { t } = useTranslation('contests');
  if (!standings.length) return <Text size="sm">{t('contests.noParticipants')}</Text>;
  const locale = intlLocale();
  const exact = numberFormat(shownLanguage());
  const money = numberFormat(shownLanguage(), { style: 'currency', currency: 'USD' });
  // Those who sold, the winner and the viewer are listed; the others are counted under the table.
  const shown = standings.filter((s) => s.sales_number > 0 || s.user_id === me || s.user_id === winner);
  const others = standings.length - shown.length;

  return (
    <Stack gap={4}>
      {shown.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('contests.rank')}</Table.Th>
                <Table.Th scope="col">{t('contests.person')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('contests.salesNumber')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('contests.salesVolume')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((s) => {
                const person = people.get(s.user_id);
                const name = person?.name || t('contests.unnamed');
                const mine = s.user_id === me;
                return (
                  <Table.Tr
                    key={s.user_id}
                    aria-current={mine ? 'true' : undefined}
                    bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
                  >
                    <Table.Td>{s.rank}</Table.Td>
                    <Table.Th scope="row" fw={mine ? 700 : 400}>
                      <Group gap="xs" wrap="nowrap">
                        <Avatar src={person?.pfp ?? null} alt="" size="sm" color="blue" aria-hidden>
                          {initialsOf(name)}
                        </Avatar>
                        <span>{name}</span>
                        {s.user_id === winner && (
                          <Badge size="xs" variant="light" color="teal">
                            {t('contests.winnerBadge')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Th>
                    <Table.Td ta="right" title={exact.format(s.sales_number)}>
                      {compactNumber(s.sales_number, locale)}
                    </Table.Td>
                    <Table.Td ta="right" title={money.format(s.sales_volume)}>
                      {compactCurrency(s.sales_volume, locale)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {others > 0 && (
        <Text size="sm">
          {shown.length
            ? t('contests.othersNoSale', { count: others })
            : t('contests.nobodySold', { count: others })}
        </Text>
      )}
    </Stack>
  );
}
