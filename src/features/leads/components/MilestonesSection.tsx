import { ActionIcon, Button, Group, Table, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeadRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useRecordSection } from '../hooks/useRecordSection.ts';
import { RecordSection } from './RecordSection.tsx';

type Milestone = { key: string; value: string };

function milestonesOf(lead: LeadRow): Milestone[] {
  return Array.isArray(lead.milestones)
    ? (lead.milestones as unknown[]).filter(
        (m): m is Milestone =>
          !!m && typeof (m as Milestone).key === 'string' && typeof (m as Milestone).value === 'string',
      )
    : [];
}

/** The lead's milestones (key and value), added and removed in place. */
export function MilestonesSection({ lead, canEdit }: { lead: LeadRow; canEdit: boolean }) {
  const { t } = useTranslation('leads');
  const { editLead } = useCommands();
  const flow = useRecordSection<Milestone>();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const milestones = milestonesOf(lead);

  const save = (next: Milestone[]) =>
    flow.run(
      () => editLead(lead._id, { milestones: next }),
      'leads:leadDetail.milestones.saved',
      'toast.contactError',
    );

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!key.trim()) return;
    if (await save([...milestones, { key: key.trim(), value: value.trim() }])) {
      setKey('');
      setValue('');
    }
  }

  return (
    <RecordSection
      title={t('leadDetail.sections.milestones')}
      records={milestones}
      list={{
        empty: t('leadDetail.milestones.none'),
        render: () => (
          <Table>
            <Table.Tbody>
              {milestones.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: milestones have no id; their place is who they are
                <Table.Tr key={`${m.key}-${i}`}>
                  <Table.Th scope="row">{m.key}</Table.Th>
                  <Table.Td>{m.value}</Table.Td>
                  {canEdit && (
                    <Table.Td w={40}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('leadDetail.milestones.remove', { key: m.key })}
                        onClick={() => void save(milestones.filter((_, j) => j !== i))}
                      >
                        ×
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ),
      }}
    >
      {canEdit && (
        <Group component="form" onSubmit={add} align="flex-end" gap="xs">
          <TextInput
            label={t('leadDetail.milestones.key')}
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
          />
          <TextInput
            label={t('leadDetail.milestones.value')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          <Button type="submit" variant="light" disabled={!key.trim()}>
            {t('leadDetail.milestones.add')}
          </Button>
        </Group>
      )}
    </RecordSection>
  );
}
