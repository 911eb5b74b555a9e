import { type CardFields, useCommands } from '#src/device/hooks/useCommands.ts';
import type { CardPlacement } from '#src/domain/dashboard/cards.ts';
import type { AnyMessageKey } from '#src/ui/messages.ts';
import { toastedWrite } from '#src/ui/toasts.tsx';

/**
 * The dashboard's writes (saved on the device at once and synced), each with its toast: the SPEC's
 * words on success ('Layout Added'…), red with the reason on failure. Each answers whether the
 * write was kept (an id for what it created), so a form stays open with what was typed when not.
 */
export function useDashboardActions(userId: string) {
  const commands = useCommands();

  /** The write's answer (an id for what it created), true for none, false when it failed. */
  async function attempt<T>(write: () => Promise<T>, done: AnyMessageKey | null, failed: AnyMessageKey) {
    const outcome = await toastedWrite(write, done, failed);
    return outcome.ok ? (outcome.value ?? true) : false;
  }

  return {
    addLayout: (name: string) =>
      attempt(
        () => commands.addLayout(userId, name),
        'dashboard:dashboard.toast.layoutAdded',
        'dashboard:dashboard.toast.addError',
      ),
    renameLayout: (id: string, name: string) =>
      attempt(
        () => commands.renameLayout(id, name),
        'dashboard:dashboard.toast.layoutRenamed',
        'dashboard:dashboard.toast.editError',
      ),
    deleteLayout: (id: string) =>
      attempt(
        () => commands.deleteLayout(id),
        'dashboard:dashboard.toast.layoutDeleted',
        'dashboard:dashboard.toast.deleteError',
      ),
    setGlobal: (id: string, global: boolean) =>
      attempt(
        () => commands.setLayoutGlobal(id, global),
        global
          ? 'dashboard:dashboard.toast.layoutSetGlobal'
          : 'dashboard:dashboard.toast.layoutRemovedFromGlobal',
        'dashboard:dashboard.toast.editError',
      ),
    addCard: (layoutId: string, fields: CardFields) =>
      attempt(
        () => commands.addCard(userId, layoutId, fields),
        'dashboard:dashboard.toast.cardAdded',
        'dashboard:dashboard.toast.cardError',
      ),
    editCard: (id: string, fields: Partial<CardFields>) =>
      attempt(
        () => commands.editCard(id, fields),
        'dashboard:dashboard.toast.cardEdited',
        'dashboard:dashboard.toast.cardError',
      ),
    removeCard: (layoutId: string, cardId: string) =>
      attempt(
        () => commands.removeCard(layoutId, cardId),
        'dashboard:dashboard.toast.cardRemoved',
        'dashboard:dashboard.toast.cardError',
      ),
    placeCards: (placements: readonly { id: string; card_layout: CardPlacement }[]) =>
      attempt(() => commands.placeCards(placements), null, 'dashboard:dashboard.toast.cardError'),
  };
}

export type DashboardActions = ReturnType<typeof useDashboardActions>;
