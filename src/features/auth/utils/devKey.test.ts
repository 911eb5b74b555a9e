import { describe, expect, it } from 'vitest';
import { chooseDevKey } from './devKey.ts';

describe('development key', () => {
  it('is never used outside development', () => {
    expect(chooseDevKey(false, '?dev_key=abc', 'kept', 'configured')).toBeUndefined();
  });

  it('prefers the address, then the kept key, then the configured one', () => {
    expect(chooseDevKey(true, '?dev_key=abc', 'kept', 'configured')).toBe('abc');
    expect(chooseDevKey(true, '', 'kept', 'configured')).toBe('kept');
    expect(chooseDevKey(true, '?dev_key=', null, 'configured')).toBe('configured');
    expect(chooseDevKey(true, '', null, undefined)).toBeUndefined();
  });
});
