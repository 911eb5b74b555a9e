import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A two-column table of named facts, readable at 412 px (it scrolls sideways if it must). */
export function Facts({ caption, rows }: { caption: string; rows: [string, ReactNode][] }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table captionSide="top" withTableBorder>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Th scope="row" w="40%">
                {name}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
