import { useState } from 'react';
import { api, readData } from '#src/api/appClient.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import type { WebhookEventType } from '#src/domain/webhooks.ts';
import type { AnyMessageKey } from '#src/ui/messages.ts';
import { toastedWrite } from '#src/ui/toasts.tsx';

export interface WebhookEndpoint {
  _id: string;
  name: string;
  url: string;
  event_types: WebhookEventType[];
  enabled: boolean;
}

export interface WebhookDelivery {
  _id: string;
  event_type: string;
  status: string;
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  created_at: string;
}

/** A secret shown once: right after the endpoint was made or its secret rotated. */
export interface ShownSecret {
  endpointId: string;
  secret: string;
}

/**
 * The org's webhook endpoints, online only (the server keeps them and their secrets): the list,
 * and adding, switching, rotating and deleting, each with its toast.
 */
export function useWebhooks() {
  const read = useServerData('webhooks', () => readData<WebhookEndpoint[]>('/api/v2/webhooks'));
  const [shown, setShown] = useState<ShownSecret>();

  async function attempt<T>(
    call: () => Promise<T>,
    done: AnyMessageKey,
    failed: AnyMessageKey,
  ): Promise<T | undefined> {
    const outcome = await toastedWrite(call, done, failed);
    if (!outcome.ok) return undefined;
    read.reload();
    return outcome.value;
  }
  type WithSecret = { data: WebhookEndpoint; secret: string };

  return {
    ...read,
    shown,
    create: async (body: { name: string; url: string; event_types: string[] }) => {
      const made = await attempt(
        () => api.request<WithSecret>('/api/v2/webhooks', { method: 'POST', body }),
        'automations:automations.webhooks.created',
        'automations:automations.webhooks.createError',
      );
      if (made) setShown({ endpointId: made.data._id, secret: made.secret });
      return Boolean(made);
    },
    setEnabled: (id: string, enabled: boolean) =>
      attempt(
        () => api.request(`/api/v2/webhooks/${id}`, { method: 'PATCH', body: { enabled } }),
        'automations:automations.toggled',
        'automations:automations.webhooks.error',
      ),
    rotate: async (id: string) => {
      const made = await attempt(
        () => api.request<WithSecret>(`/api/v2/webhooks/${id}/rotate`, { method: 'POST', body: {} }),
        'automations:automations.webhooks.rotated',
        'automations:automations.webhooks.error',
      );
      if (made) setShown({ endpointId: id, secret: made.secret });
    },
    remove: (id: string) =>
      attempt(
        () => api.request(`/api/v2/webhooks/${id}`, { method: 'DELETE' }),
        'automations:automations.webhooks.removed',
        'automations:automations.webhooks.error',
      ),
  };
}
