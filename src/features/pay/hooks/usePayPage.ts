import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { usePayDeals, usePayPlan } from '#src/device/hooks/usePay.ts';
import { useNamedRows } from '#src/device/hooks/useTableRows.ts';
import { payPeople, payrollCsv, payStatement, payStatusOrder } from '#src/domain/pay.ts';
import { downloadCsv } from '#src/ui/downloadCsv.ts';
import { currentMonth } from '../utils/payMonths.ts';

/**
 * 'My pay' from the device alone: the org's plan, the contacts the viewer may see, the chosen
 * person (the viewer, or for a manager one of their team) and month, the statement, and the export.
 */
export function usePayPage() {
  const { t } = useTranslation('pay');
  const actor = useActor();
  const plan = usePayPlan();
  const deals = usePayDeals();
  const stages = useDealStages();
  const users = useNamedRows('users');
  const [chosen, setPerson] = useState<string | null>(null);
  const [month, setMonth] = useState(() => currentMonth(new Date()));
  const person = chosen ?? actor.user_id;
  const order = useMemo(() => payStatusOrder(stages), [stages]);
  const names = useMemo(() => new Map(users.map((u) => [String(u._id), String(u.name ?? u._id)])), [users]);
  const nameOf = (id: string) => names.get(id) ?? id;
  const people = useMemo(() => {
    const ids = new Set([actor.user_id, ...payPeople(deals ?? [])]);
    return [...ids].map((id) => ({ value: id, label: names.get(id) ?? id }));
  }, [deals, actor.user_id, names]);
  const statement = useMemo(
    () => (plan && deals ? payStatement(deals, plan, person, month, order) : undefined),
    [plan, deals, person, month, order],
  );
  const exportCsv = () => {
    if (!statement) return;
    const labels = t('pay.columns', { returnObjects: true }) as Parameters<typeof payrollCsv>[2];
    downloadCsv(t('pay.fileName', { month }), payrollCsv([statement], nameOf, labels));
  };
  return { plan, statement, person, setPerson, month, setMonth, people, exportCsv };
}
