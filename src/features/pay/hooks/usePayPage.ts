import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { usePayDeals, usePayPlan } from '#src/device/hooks/usePay.ts';
import { useNamedRows } from '#src/device/hooks/useTableRows.ts';
import { payrollCsv, payStatement, payStatusOrder } from '#src/domain/pay.ts';
import { downloadCsv } from '#src/ui/downloadCsv.ts';
import { currentMonth } from '../utils/payMonths.ts';
import { viewablePayPeople } from '../utils/payPeople.ts';

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
  const order = useMemo(() => payStatusOrder(stages), [stages]);
  const names = useMemo(() => new Map(users.map((u) => [String(u._id), String(u.name ?? u._id)])), [users]);
  const nameOf = (id: string) => names.get(id) ?? id;
  const people = useMemo(
    () => viewablePayPeople(actor, deals ?? []).map((id) => ({ value: id, label: names.get(id) ?? id })),
    [actor, deals, names],
  );
  // A choice the viewer may no longer make (their teams changed) falls back to their own pay.
  const person = chosen && people.some((p) => p.value === chosen) ? chosen : actor.user_id;
  const statement = useMemo(
    () => (plan && deals ? payStatement(deals, plan, person, month, order) : undefined),
    [plan, deals, person, month, order],
  );
  /** Payroll's file: everyone whose pay the viewer may see (a rep: only their own), for the month. */
  const exportCsv = () => {
    if (!plan || !deals) return;
    const statements = people.map((p) => payStatement(deals, plan, p.value, month, order));
    const labels = {
      person: t('pay.columns.person'),
      deal: t('pay.columns.deal'),
      status: t('pay.columns.status'),
      milestone: t('pay.columns.milestone'),
      projected: t('pay.columns.projected'),
      released: t('pay.columns.released'),
      pending: t('pay.columns.pending'),
      month: t('pay.columns.month'),
      total: t('pay.columns.total'),
    };
    downloadCsv(t('pay.fileName', { month }), payrollCsv(statements, nameOf, labels));
  };
  return { plan, statement, person, setPerson, month, setMonth, people, exportCsv };
}
