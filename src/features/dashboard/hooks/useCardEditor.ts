import { useState } from 'react';
import type { CardConfig, CardType } from '#src/domain/dashboard/cards.ts';
import type { TableKey } from '#src/domain/schemas/tableKeys.ts';
import { type CardDraft, draftErrors, newDraft, withTable, withType } from '../utils/cardDraft.ts';
import type { DashboardCard } from './useDashboardPage.ts';

/**
 * The card editor's draft: a new card, or a copy of the card being edited; changes of type and
 * table bring what they need; errors show once saving was tried, and the draft stays as typed.
 */
export function useCardEditor(card: DashboardCard | undefined) {
  const [draft, setDraft] = useState<CardDraft>(() =>
    card ? { title: card.title, type: card.type, config: structuredClone(card.config) } : newDraft(),
  );
  const [tried, setTried] = useState(false);
  const errors = tried ? draftErrors(draft) : {};
  return {
    draft,
    errors,
    setTitle: (title: string) => setDraft((d) => ({ ...d, title })),
    setType: (type: CardType) => setDraft((d) => withType(d, type)),
    setTable: (table: TableKey) => setDraft((d) => withTable(d, table)),
    setConfig: (patch: Partial<CardConfig>) => setDraft((d) => ({ ...d, config: { ...d.config, ...patch } })),
    /** Marks the draft tried and answers whether it can be saved. */
    check: () => {
      setTried(true);
      return Object.keys(draftErrors(draft)).length === 0;
    },
  };
}

export type CardEditorState = ReturnType<typeof useCardEditor>;
