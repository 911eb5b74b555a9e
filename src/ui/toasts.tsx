import { Button, Group, Text } from '@mantine/core';
// biome-ignore lint/style/noRestrictedImports: this is the one toast module
import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import type { AnyMessageKey } from './messages.ts';

let next = 0;

export interface ToastOptions {
  color?: string;
  title?: string;
  message: string;
  /** A button in the toast: runs its handler and closes the toast (SPEC section 4). */
  action?: { label: string; onClick: () => void };
  /** Clicking anywhere on the toast does the same as its action. */
  actionOnClick?: boolean;
  /** Runs when the toast closes, by its timer, its close button or its action. */
  onClose?: () => void;
  /** Milliseconds before it closes by itself, when not the app's default. */
  autoClose?: number;
}

/**
 * The one way the app shows feedback. Shows a toast with the app's defaults (AppNotifications:
 * 5,000 ms, paused on hover, 'Close'), optionally with an action button and a close callback.
 * Returns the toast's id.
 */
export function showToast({
  color,
  title,
  message,
  action,
  actionOnClick,
  onClose,
  autoClose,
}: ToastOptions): string {
  next += 1;
  const id = `toast-${next}`;
  const run = () => {
    action?.onClick();
    notifications.hide(id);
  };
  notifications.show({
    id,
    color,
    title,
    onClose,
    ...(autoClose === undefined ? {} : { autoClose }),
    message: action ? (
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={(event) => {
            event.stopPropagation();
            run();
          }}
        >
          {action.label}
        </Button>
      </Group>
    ) : (
      message
    ),
    ...(action && actionOnClick ? { onClick: run, style: { cursor: 'pointer' } } : {}),
  });
  return id;
}

/**
 * A contact added (the contact form or a pin on the map): 'Contact Added' over 'Lead has been
 * successfully added'; its button, or a click on the toast, opens the lead.
 */
export function showLeadAdded(openLead: () => void): string {
  return showToast({
    color: 'green',
    title: i18n.t('toast.contactAdded'),
    message: i18n.t('toast.leadAdded'),
    action: { label: i18n.t('shell.openLead'), onClick: openLead },
    actionOnClick: true,
  });
}

/**
 * Closes every toast at once and drops the waiting ones. The toasts live in a store of their own,
 * outside any screen, so a screen test clears them between tests.
 */
export function clearToasts(): void {
  notifications.clean();
  notifications.cleanQueue();
}

/** The words of a failure: an error's message, or the thing itself as text. */
export function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The spec's success toast: a green title (a catalogue key), no message ('Note Added'…). */
export function toastDone(titleKey: AnyMessageKey): void {
  showToast({ color: 'green', title: i18n.t(titleKey), message: '' });
}

/** The spec's failure toast: a red title (a catalogue key) with the reason. */
export function toastFailed(titleKey: AnyMessageKey, err: unknown): void {
  toastError(i18n.t(titleKey), err);
}

/**
 * A red toast under a title already in words ('There was an error adding the Team…') with the
 * reason under it: an error's message, or the words a server call answered; none when it only
 * repeats the title.
 */
export function toastError(title: string, err: unknown): void {
  const reason = reasonOf(err);
  showToast({ color: 'red', title, message: reason === title ? '' : reason });
}

/** How a toasted write went: its result when it was kept. */
export type WriteOutcome<T> = { ok: true; value: T } | { ok: false };

/**
 * Runs a write and says how it went: a green toast titled `done` (none when null), or a red one
 * titled `failed` with the reason. Never throws, so a form can stay open with what was typed.
 */
export async function toastedWrite<T>(
  write: () => Promise<T>,
  done: AnyMessageKey | null,
  failed: AnyMessageKey,
): Promise<WriteOutcome<T>> {
  try {
    const value = await write();
    if (done) toastDone(done);
    return { ok: true, value };
  } catch (err) {
    toastFailed(failed, err);
    return { ok: false };
  }
}
