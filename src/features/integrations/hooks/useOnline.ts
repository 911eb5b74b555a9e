import { useNetwork } from '@mantine/hooks';

/** Whether the browser says it is online: these screens talk to the server and other services. */
export function useOnline(): boolean {
  return useNetwork().online;
}
