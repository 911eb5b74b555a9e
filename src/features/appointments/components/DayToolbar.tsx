import { Button, Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MyDay } from '../hooks/useMyDay.ts';

/** The day shown (a date field, previous, today, next), whose day it is, and measuring from here. */
export function DayToolbar({ page }: { page: MyDay }) {
  const { t } = useTranslation('appointments');
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('myDay.day')}
          value={page.day}
          onChange={(e) => page.setDay(e.currentTarget.value)}
          required
        />
        <Button variant="default" onClick={page.previous}>
          {t('myDay.previous')}
        </Button>
        <Button variant="default" onClick={page.today}>
          {t('myDay.today')}
        </Button>
        <Button variant="default" onClick={page.next}>
          {t('myDay.next')}
        </Button>
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        {page.people.length > 1 ? (
          <Select
            label={t('myDay.person')}
            data={page.people}
            value={page.person}
            onChange={(value) => value && page.setPerson(value)}
            allowDeselect={false}
            searchable
          />
        ) : null}
        <Button variant="light" onClick={() => void page.findMe()} loading={page.here === 'locating'}>
          {t('myDay.findMe')}
        </Button>
      </Group>
    </>
  );
}
