import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { usePayPlan } from '#src/device/hooks/usePay.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { type PayPlan, payStatusOrder } from '#src/domain/pay.ts';
import { showToast } from '#src/ui/toasts.tsx';

/**
 * The org's pay plan, changed on the server only (devices learn of it through sync). Until the
 * next pull brings it, the server's own answer is shown; offline, saving says a connection is needed.
 */
export function usePayPlanAdmin() {
  const { t } = useTranslation('admin');
  const pulled = usePayPlan();
  const statuses = payStatusOrder(useDealStages());
  const [answered, setAnswered] = useState<PayPlan>();
  const action = useServerAction({ offline: t('payPlan.needsConnection'), failed: t('payPlan.error') });

  async function save(plan: PayPlan): Promise<string | undefined> {
    const outcome = await action.run(async () => {
      const answer = await api.request<{ data: PayPlan }>('/api/v2/pay/plan', { method: 'PUT', body: plan });
      return answer.data;
    });
    if (!outcome.ok) return outcome.error;
    setAnswered(outcome.value);
    showToast({ message: t('payPlan.saved') });
    return undefined;
  }

  return { current: answered ?? pulled, statuses, saving: action.busy, save };
}
