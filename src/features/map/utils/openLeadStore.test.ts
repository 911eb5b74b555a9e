import { describe, expect, it, vi } from 'vitest';
import { openLeadStore } from './openLeadStore.ts';

describe('the open lead', () => {
  it('tells its listeners of each change, and only of a change', () => {
    const store = openLeadStore();
    const heard = vi.fn();
    const stop = store.subscribe(heard);
    expect(store.get()).toBeUndefined();
    store.set(undefined);
    expect(heard).not.toHaveBeenCalled();
    const open = { id: 'a', row: { _id: 'a', name: 'Ann' } };
    store.set(open);
    store.set(open);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe(open);
    store.set({ id: 'b', row: undefined });
    store.set(undefined);
    expect(heard).toHaveBeenCalledTimes(3);
    stop();
    store.set(open);
    expect(heard).toHaveBeenCalledTimes(3);
  });
});
