import { describe, expect, it } from 'vitest';
import { failRead, type ServerAnswer, startRead, viewOf } from './serverData.ts';

const ready: ServerAnswer<number[]> = { key: 'a', phase: 'ready', data: [1] };
const failed: ServerAnswer<number[]> = { key: 'a', phase: 'failed', error: 'Not allowed' };

describe('an online-only read', () => {
  it.each([
    ['nothing asked yet, online: loading', undefined, 'a', true, true, { loading: true }],
    ['nothing asked yet, offline: offline, not loading', undefined, 'a', true, false, { offline: true }],
    ['an answer: its data', ready, 'a', true, true, { data: [1] }],
    ['an answer, then offline: its data stays', ready, 'a', true, false, { data: [1], offline: true }],
    ['another key’s answer: nothing yet', ready, 'b', true, true, { loading: true }],
    ['a failure: its reason', failed, 'a', true, true, { error: 'Not allowed' }],
    ['disabled: nothing, never loading', ready, 'a', false, true, {}],
    ['no key: nothing, never loading', ready, null, true, true, {}],
  ] as const)('%s', (_, answer, key, enabled, online, shown) => {
    expect(viewOf(answer, key, enabled, online)).toEqual({
      data: undefined,
      error: undefined,
      loading: false,
      offline: false,
      ...shown,
    });
  });

  it('reading again keeps the same key’s data and drops another’s', () => {
    expect(startRead(ready, 'a')).toEqual({ key: 'a', phase: 'loading', data: [1] });
    expect(startRead(ready, 'b')).toEqual({ key: 'b', phase: 'loading', data: undefined });
    expect(viewOf(startRead(ready, 'a'), 'a', true, true)).toMatchObject({ data: [1], loading: true });
  });

  it('a failed read keeps the same key’s data with the reason', () => {
    expect(failRead(ready, 'a', 'boom')).toEqual({ key: 'a', phase: 'failed', data: [1], error: 'boom' });
    expect(failRead(ready, 'b', 'boom')).toEqual({
      key: 'b',
      phase: 'failed',
      data: undefined,
      error: 'boom',
    });
  });
});
