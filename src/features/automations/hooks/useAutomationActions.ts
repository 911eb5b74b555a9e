import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import type { AnyMessageKey } from '#src/ui/messages.ts';
import { toastedWrite } from '#src/ui/toasts.tsx';

/**
 * An admin's writes of automations through the automation commands (kept on the device at once
 * and synced), each with its toast. Answers the automation's id when kept, else undefined, so the
 * editor stays open with what was typed.
 */
export function useAutomationActions() {
  const { saveAutomation, setAutomationEnabled, deleteAutomation } = useCommands();
  const actor = useActor();

  async function attempt<T>(
    write: () => Promise<T>,
    done: AnyMessageKey,
    failed: AnyMessageKey,
  ): Promise<T | undefined> {
    const outcome = await toastedWrite(write, done, failed);
    return outcome.ok ? outcome.value : undefined;
  }

  return {
    save: (id: string | undefined, fields: Record<string, unknown>) =>
      attempt(
        () => saveAutomation(id, fields, actor.user_id),
        'automations:automations.saved',
        'automations:automations.saveError',
      ),
    toggle: (id: string, enabled: boolean) =>
      attempt(
        () => setAutomationEnabled(id, enabled),
        'automations:automations.toggled',
        'automations:automations.saveError',
      ),
    remove: (id: string) =>
      attempt(
        async () => {
          await deleteAutomation(id);
          return true;
        },
        'automations:automations.deleted',
        'automations:automations.deleteError',
      ),
  };
}
