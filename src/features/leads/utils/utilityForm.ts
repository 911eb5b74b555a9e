/** The utility data form (ecl_data: provider, bill, usages) to and from the stored object. */

export interface UtilityForm {
  provider: string;
  bill: string;
  total_usage: string;
  avg_usage: string;
  twelve_month_usage: string;
}

export interface EclData {
  provider?: string;
  bill?: number;
  total_usage?: number;
  twelve_month_usage?: number[];
  avg_usage?: number;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

export function utilityForm(data: unknown): UtilityForm {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  return {
    provider: typeof d.provider === 'string' ? d.provider : '',
    bill: num(d.bill),
    total_usage: num(d.total_usage),
    avg_usage: num(d.avg_usage),
    twelve_month_usage: Array.isArray(d.twelve_month_usage) ? d.twelve_month_usage.join(', ') : '',
  };
}

/** The object to save, or which field cannot be read; empty fields are left out. */
export function eclData(
  form: UtilityForm,
): { ok: true; data: EclData } | { ok: false; field: keyof UtilityForm } {
  const data: EclData = {};
  if (form.provider.trim()) data.provider = form.provider.trim();
  for (const key of ['bill', 'total_usage', 'avg_usage'] as const) {
    const text = form[key].trim();
    if (!text) continue;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) return { ok: false, field: key };
    data[key] = value;
  }
  const months = form.twelve_month_usage.trim();
  if (months) {
    const values = months
      .split(/[,\s]+/)
      .filter(Boolean)
      .map(Number);
    if (values.length > 12 || values.some((v) => !Number.isFinite(v) || v < 0))
      return { ok: false, field: 'twelve_month_usage' };
    data.twelve_month_usage = values;
  }
  return { ok: true, data };
}
