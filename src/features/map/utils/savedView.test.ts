import { afterEach, describe, expect, it } from 'vitest';
import { followsConfigView, noteSyncedView, readSyncedView, type SavedView } from './savedView.ts';

const phoenix: SavedView = { longitude: -112.074, latitude: 33.4484, zoom: 10 };
const street: SavedView = { longitude: -112.06, latitude: 33.45, zoom: 15 };
const otherDevice: SavedView = { longitude: -111.9, latitude: 33.5, zoom: 13 };

describe("following the configuration's map view", () => {
  it('jumps to a view saved on another device', () => {
    expect(
      followsConfigView({
        configView: otherDevice,
        localView: phoenix,
        syncedView: phoenix,
        movedHere: false,
      }),
    ).toBe(true);
    // A device that never synced a view follows too.
    expect(
      followsConfigView({ configView: otherDevice, localView: null, syncedView: null, movedHere: false }),
    ).toBe(true);
  });

  it("stays where this device left the map when the configuration still holds this device's older view", () => {
    // Moved to the street, reloaded before the new view reached the configuration.
    expect(
      followsConfigView({ configView: phoenix, localView: street, syncedView: phoenix, movedHere: false }),
    ).toBe(false);
  });

  it('stays when the map was moved by hand here or opened on a view in its address', () => {
    expect(
      followsConfigView({
        configView: otherDevice,
        localView: phoenix,
        syncedView: phoenix,
        movedHere: true,
      }),
    ).toBe(false);
  });

  it('has nothing to do when the configuration holds the view already shown', () => {
    expect(
      followsConfigView({ configView: street, localView: street, syncedView: null, movedHere: false }),
    ).toBe(false);
  });
});

describe('the view this device last synced', () => {
  const storage = new Map<string, string>();
  globalThis.localStorage ??= {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
    clear: () => storage.clear(),
    key: () => null,
    length: 0,
  } as Storage;
  afterEach(() => localStorage.clear());

  it('is kept on the device, and nothing before the first', () => {
    expect(readSyncedView()).toBeNull();
    noteSyncedView(street);
    expect(readSyncedView()).toEqual(street);
  });
});
