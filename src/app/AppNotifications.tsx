import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { SMALL_QUERY } from '../ui/breakpoints.ts';

/** SPEC section 9: toasts close after 5,000 ms (paused while hovered), at the bottom end of the screen, full width on small screens and 24rem wide otherwise. */
export const TOAST_TIMEOUT_MS = 5000;

export function AppNotifications() {
  const small = useMediaQuery(SMALL_QUERY);
  return (
    <Notifications
      position="bottom-right"
      autoClose={TOAST_TIMEOUT_MS}
      containerWidth={small ? '100%' : '24rem'}
    />
  );
}
