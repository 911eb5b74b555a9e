import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';
import { CardEditor } from './components/CardEditor.tsx';
import { CardGrid } from './components/CardGrid.tsx';
import { LayoutBar } from './components/LayoutBar.tsx';
import { LayoutNameModal } from './components/LayoutNameModal.tsx';
import { useCardResults } from './engine/index.ts';
import { useCardPlacement } from './hooks/useCardPlacement.ts';
import { useDashboardActions } from './hooks/useDashboardActions.ts';
import { type DashboardCard, useDashboardPage } from './hooks/useDashboardPage.ts';
import { draftFields, NEW_CARD_SIZE } from './utils/cardDraft.ts';
import { nextPlacement } from './utils/placement.ts';

type Dialog =
  | { kind: 'addLayout' }
  | { kind: 'rename' }
  | { kind: 'deleteLayout' }
  | { kind: 'card'; card?: DashboardCard }
  | { kind: 'removeCard'; card: DashboardCard };

const NO_CARDS: DashboardCard[] = [];

/**
 * `/dashboard` (also `/dashbord`, the SPEC's spelling): the chosen layout's cards, computed on the
 * device from its own rows so it works offline. Users keep layouts of their own; admins set one
 * global for everyone. Cards are added and edited in the card editor, dragged and resized in the
 * grid or moved from their menu.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const page = useDashboardPage();
  const { layout, layouts } = page;
  const actions = useDashboardActions(page.actor.user_id);
  const cards = page.cards ?? NO_CARDS;
  const results = useCardResults(cards);
  const { placed, arranged, keyboardMove } = useCardPlacement(cards, actions.placeCards);
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined);
  const close = () => setDialog(undefined);

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('dashboard.title')}
      </Title>
      <LayoutBar
        layouts={layouts ?? []}
        layout={layout}
        canAddLayout={page.canAddLayout}
        canEdit={page.canEdit}
        canSetGlobal={page.canSetGlobal}
        onChoose={page.choose}
        onAddLayout={() => setDialog({ kind: 'addLayout' })}
        onRename={() => setDialog({ kind: 'rename' })}
        onDelete={() => setDialog({ kind: 'deleteLayout' })}
        onSetGlobal={(global) => layout && void actions.setGlobal(layout._id, global)}
        onAddCard={() => setDialog({ kind: 'card' })}
      />
      {!layouts || (layout && !page.cards) ? (
        <Center py="xl">
          <Loader aria-label={t('dashboard.loading')} />
        </Center>
      ) : !layout ? (
        <Text c="dimmed">{t('dashboard.noLayouts')}</Text>
      ) : cards.length === 0 ? (
        <Text c="dimmed">{t('dashboard.noCards')}</Text>
      ) : (
        <CardGrid
          cards={placed}
          results={results}
          canEdit={page.canEdit}
          onArranged={arranged}
          onMove={keyboardMove}
          onEdit={(card) => setDialog({ kind: 'card', card })}
          onRemove={(card) => setDialog({ kind: 'removeCard', card })}
        />
      )}
      {dialog?.kind === 'addLayout' && (
        <LayoutNameModal
          title={t('dashboard.layout.addTitle')}
          onClose={close}
          onSave={async (name) => {
            const id = await actions.addLayout(name);
            if (typeof id === 'string') page.choose(id);
            return id;
          }}
        />
      )}
      {dialog?.kind === 'rename' && layout && (
        <LayoutNameModal
          title={t('dashboard.layout.renameTitle')}
          initial={layout.name ?? ''}
          onClose={close}
          onSave={(name) => actions.renameLayout(layout._id, name)}
        />
      )}
      {dialog?.kind === 'deleteLayout' && layout && (
        <ConfirmDialog
          opened
          title={t('dashboard.layout.deleteTitle')}
          message={t('dashboard.layout.deleteMessage', { name: layout.name })}
          confirmLabel={t('dashboard.layout.delete')}
          cancelLabel={t('dashboard.cancel')}
          onClose={close}
          onConfirm={() => {
            page.choose(undefined);
            void actions.deleteLayout(layout._id);
          }}
        />
      )}
      {dialog?.kind === 'card' && layout && (
        <CardEditor
          card={dialog.card}
          onClose={close}
          onSave={async (draft) => {
            if (dialog.card) return (await actions.editCard(dialog.card.id, draftFields(draft))) !== false;
            const placement = nextPlacement(
              placed.map((c) => c.placement),
              NEW_CARD_SIZE[draft.type],
            );
            return (await actions.addCard(layout._id, draftFields(draft, placement))) !== false;
          }}
        />
      )}
      {dialog?.kind === 'removeCard' && layout && (
        <ConfirmDialog
          opened
          title={t('dashboard.card.removeTitle')}
          message={t('dashboard.card.removeMessage', { title: dialog.card.title })}
          confirmLabel={t('dashboard.card.remove')}
          cancelLabel={t('dashboard.cancel')}
          onClose={close}
          onConfirm={() => void actions.removeCard(layout._id, dialog.card.id)}
        />
      )}
    </Stack>
  );
}
