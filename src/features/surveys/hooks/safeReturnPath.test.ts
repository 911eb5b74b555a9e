import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './useSurveyFill.ts';

describe('the fill page’s return path', () => {
  it('follows paths inside the app only', () => {
    expect(safeReturnPath('/contacts/1/proposals/new?survey=2')).toBe('/contacts/1/proposals/new?survey=2');
    expect(safeReturnPath('//evil.example/x')).toBeUndefined();
    expect(safeReturnPath('/\\evil.example')).toBeUndefined();
    expect(safeReturnPath('https://evil.example')).toBeUndefined();
    expect(safeReturnPath('javascript:alert(1)')).toBeUndefined();
    expect(safeReturnPath(null)).toBeUndefined();
  });
});
