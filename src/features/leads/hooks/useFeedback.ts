import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

/** The spec's toasts: a green title on success, a red one with the reason on failure. */
export function useFeedback() {
  const { t } = useTranslation();
  return {
    done(titleKey: string) {
      notifications.show({ color: 'green', title: t(titleKey), message: '' });
    },
    failed(titleKey: string, err: unknown) {
      notifications.show({
        color: 'red',
        title: t(titleKey),
        message: err instanceof Error ? err.message : String(err),
      });
    },
  };
}
