import { useEffect, useState } from 'react';
import type { PinRow } from '#src/device/hooks/usePinView.ts';
import type { PinService } from '../pins/usePinService.ts';

/** No double knocks: a new pin this close to an existing one asks first. */
export const NEARBY_METRES = 15;

export interface NearbyLead {
  pin: PinRow;
  /** How far the lead stands; absent when it was found by its address. */
  metres?: number;
}

/**
 * A lead already at the spot of a new pin: one within a few metres, or one at the address typed
 * (which wins, being the surer match).
 */
export function useLeadNearby(
  service: PinService,
  position: { lng: number; lat: number },
  address: string,
): { nearby: NearbyLead | undefined; sameAddress: PinRow | undefined } {
  const [nearby, setNearby] = useState<NearbyLead | undefined>();
  const [sameAddress, setSameAddress] = useState<PinRow | undefined>();

  useEffect(() => {
    void service.near(position.lng, position.lat, NEARBY_METRES).then((found) => {
      const first = found[0];
      setNearby(first ? { pin: first.pin, metres: Math.round(first.metres) } : undefined);
    });
  }, [service, position.lng, position.lat]);

  useEffect(() => {
    if (!address.trim()) {
      setSameAddress(undefined);
      return;
    }
    const timer = setTimeout(
      () => void service.sameAddress(address).then((found) => setSameAddress(found[0])),
      250,
    );
    return () => clearTimeout(timer);
  }, [service, address]);

  return { nearby, sameAddress };
}
