import { Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromCents } from '#src/domain/deal.ts';
import { formatCurrency } from '#src/domain/format.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { PayChangesList } from './components/PayChangesList.tsx';
import { PayLinesTable } from './components/PayLinesTable.tsx';
import { usePayPage } from './hooks/usePayPage.ts';
import { recentMonths } from './utils/payMonths.ts';

/**
 * `/pay`: a person's projected pay under the org's pay plan, from the device's contacts alone (it
 * works offline): each open and paid deal's amount and milestone, the month's total, what changed
 * and why, and the payroll CSV. A manager chooses one of their team's people.
 */
export function PayPage() {
  const { t } = useTranslation('pay');
  const page = usePayPage();
  const language = shownLanguage();
  const months = useMemo(() => recentMonths(new Date(), 13), []);
  const money = (cents: number) => formatCurrency(fromCents(cents), language);
  const { statement, plan } = page;

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('pay.title')}
      </Title>
      <Group align="end">
        {page.people.length > 1 && (
          <Select
            label={t('pay.person')}
            data={page.people}
            value={page.person}
            onChange={(value) => value && page.setPerson(value)}
            searchable
            allowDeselect={false}
          />
        )}
        <Select
          label={t('pay.month')}
          data={months}
          value={page.month}
          onChange={(value) => value && page.setMonth(value)}
          allowDeselect={false}
        />
        <Button variant="light" onClick={page.exportCsv} disabled={!statement}>
          {t('pay.exportCsv')}
        </Button>
      </Group>
      {plan && <Text c="dimmed">{t('pay.plan', { name: plan.name })}</Text>}
      {statement && (
        <>
          <Group>
            <Text fw={600}>
              {t('pay.monthTotal')}: <span data-testid="pay-month-total">{money(statement.monthCents)}</span>
            </Text>
            <Text>
              {t('pay.projectedTotal')}: {money(statement.projectedCents)}
            </Text>
          </Group>
          <Title order={2} size="h4">
            {t('pay.deals')}
          </Title>
          <PayLinesTable lines={statement.lines} />
          <Title order={2} size="h4">
            {t('pay.changes')}
          </Title>
          <PayChangesList changes={statement.changes} clawbackDays={plan?.clawback_days ?? 0} />
        </>
      )}
    </Stack>
  );
}
