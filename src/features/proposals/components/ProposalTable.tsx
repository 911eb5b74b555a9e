import { Anchor, Badge, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProposalListItem } from '#src/device/hooks/useProposals.ts';
import { formatCurrency } from '#src/domain/format.ts';
import { signatureState } from '#src/domain/proposals/signature.ts';
import { shownLanguage } from '#src/ui/intlLocale.ts';
import { DownloadPdfButton } from './DownloadPdfButton.tsx';

const COLUMNS = [
  'name',
  'lead',
  'financer',
  'option',
  'date',
  'panels',
  'amount',
  'status',
  'actions',
] as const;

/** The proposals as a table; a proposal's name opens it in the guide to edit. */
export function ProposalTable({ items }: { items: readonly ProposalListItem[] }) {
  const { t } = useTranslation('proposals');
  const money = (v: unknown) => (typeof v === 'number' ? formatCurrency(v, shownLanguage()) : '');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover aria-label={t('proposals.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c} scope="col">
                {t(`proposals.columns.${c}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map(({ row, leadName }) => {
            const name = String(row.name ?? '');
            return (
              <Table.Tr key={row._id}>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/proposal?id=${row._id}`}
                    aria-label={t('proposals.openNamed', { name })}
                    underline="always"
                  >
                    {name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {row.lead_id ? (
                    <Anchor component={Link} to={`/contacts/${row.lead_id}`} underline="always">
                      {leadName || row.lead_id}
                    </Anchor>
                  ) : null}
                </Table.Td>
                <Table.Td>{row.financer ?? ''}</Table.Td>
                <Table.Td>
                  {row.option ? t(`proposals.options.${row.option}`, { defaultValue: row.option }) : ''}
                </Table.Td>
                <Table.Td>{row.date ?? ''}</Table.Td>
                <Table.Td>{typeof row.panels === 'number' ? row.panels : ''}</Table.Td>
                <Table.Td>{money(row.amount)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {row.status ? (
                      <Badge variant="light">
                        {t(`proposals.statuses.${row.status}`, { defaultValue: row.status })}
                      </Badge>
                    ) : null}
                    <SignatureBadge state={signatureState(row)} />
                  </Group>
                </Table.Td>
                <Table.Td>
                  <DownloadPdfButton id={row._id} name={name} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Whether a proposal is signed, or its signature void since a change of price or design. */
function SignatureBadge({ state }: { state: ReturnType<typeof signatureState> }) {
  const { t } = useTranslation('proposals');
  if (state === 'unsigned') return null;
  return state === 'signed' ? (
    <Badge variant="light" color="green">
      {t('proposals.signature.listSigned')}
    </Badge>
  ) : (
    <Badge variant="light" color="orange">
      {t('proposals.signature.listVoid')}
    </Badge>
  );
}
