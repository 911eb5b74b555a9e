// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useResolveQueuedAddresses } from './useResolveQueuedAddresses.ts';

/** What a round of lookups answers (sync/commands/addressQueue.ts). */
interface LookupRound {
  resolved: number;
  unreachable: boolean;
}

const device = vi.hoisted(() => ({
  queued: 'lead-1',
  rounds: [] as LookupRound[],
  resolve: vi.fn(),
}));
vi.mock('#src/device/hooks/useAddressLookup.ts', () => ({ useQueuedAddressLookups: () => device.queued }));
vi.mock('#src/device/hooks/useCommands.ts', () => ({
  useCommands: () => ({ resolveQueuedAddresses: device.resolve }),
}));
const geocoder = { locate: vi.fn() };
vi.mock('../geocoding/useRemoteGeocoder.ts', () => ({ useRemoteGeocoder: () => geocoder }));

const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

describe('looking up queued addresses', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setOnline(true);
    device.queued = 'lead-1';
    device.resolve.mockReset();
    device.resolve.mockImplementation(
      async () => device.rounds.shift() ?? { resolved: 0, unreachable: false },
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('asks again after a pause when the geocoder could not be reached, longer each time, and stops once it answers', async () => {
    device.rounds = [
      { resolved: 0, unreachable: true },
      { resolved: 0, unreachable: true },
      { resolved: 1, unreachable: false },
    ];
    renderHook(() => useResolveQueuedAddresses());
    await act(async () => undefined);
    expect(device.resolve).toHaveBeenCalledTimes(1);
    expect(device.resolve).toHaveBeenCalledWith(geocoder);

    await act(async () => vi.advanceTimersByTimeAsync(4_999));
    expect(device.resolve).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(device.resolve).toHaveBeenCalledTimes(2);

    // The second pause is longer.
    await act(async () => vi.advanceTimersByTimeAsync(9_999));
    expect(device.resolve).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(device.resolve).toHaveBeenCalledTimes(3);

    // Answered: no further round until something changes.
    await act(async () => vi.advanceTimersByTimeAsync(600_000));
    expect(device.resolve).toHaveBeenCalledTimes(3);
  });

  it('waits for the network while offline, and goes at once when it comes back', async () => {
    setOnline(false);
    renderHook(() => useResolveQueuedAddresses());
    await act(async () => vi.advanceTimersByTimeAsync(60_000));
    expect(device.resolve).not.toHaveBeenCalled();
    setOnline(true);
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(device.resolve).toHaveBeenCalledTimes(1);
  });

  it('asks nothing when no lead waits, and no pause outlives the page', async () => {
    device.queued = '';
    const idle = renderHook(() => useResolveQueuedAddresses());
    await act(async () => undefined);
    expect(device.resolve).not.toHaveBeenCalled();
    idle.unmount();

    // A round still out when the page goes: its pause is not taken.
    device.queued = 'lead-1';
    let answer: (round: LookupRound) => void = () => undefined;
    device.resolve.mockImplementationOnce(() => new Promise<LookupRound>((done) => (answer = done)));
    const page = renderHook(() => useResolveQueuedAddresses());
    await act(async () => undefined);
    page.unmount();
    await act(async () => answer({ resolved: 0, unreachable: true }));
    await act(async () => vi.advanceTimersByTimeAsync(600_000));
    expect(device.resolve).toHaveBeenCalledTimes(1);
  });
});
