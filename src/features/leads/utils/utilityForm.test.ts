import { describe, expect, it } from 'vitest';
import { eclData, utilityForm } from './utilityForm.ts';

describe('utility data form', () => {
  it('round-trips stored data', () => {
    const stored = {
      provider: 'APS',
      bill: 182.5,
      total_usage: 14000,
      twelve_month_usage: [1, 2, 3],
      avg_usage: 1166,
    };
    expect(eclData(utilityForm(stored))).toEqual({ ok: true, data: stored });
    expect(utilityForm(null)).toEqual({
      provider: '',
      bill: '',
      total_usage: '',
      avg_usage: '',
      twelve_month_usage: '',
    });
  });

  it('leaves out empty fields and refuses unreadable numbers', () => {
    const form = utilityForm({});
    expect(eclData({ ...form, provider: '  SRP ' })).toEqual({ ok: true, data: { provider: 'SRP' } });
    expect(eclData({ ...form, bill: 'abc' })).toEqual({ ok: false, field: 'bill' });
    expect(eclData({ ...form, avg_usage: '-3' })).toEqual({ ok: false, field: 'avg_usage' });
    expect(eclData({ ...form, twelve_month_usage: '1,2,3,4,5,6,7,8,9,10,11,12,13' })).toEqual({
      ok: false,
      field: 'twelve_month_usage',
    });
    expect(eclData({ ...form, twelve_month_usage: '1200, 1100 900' })).toEqual({
      ok: true,
      data: { twelve_month_usage: [1200, 1100, 900] },
    });
  });
});
