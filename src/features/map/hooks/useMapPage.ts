import { useMemo, useState } from 'react';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useLoadedDealStages } from '#src/device/hooks/useDealStages.ts';
import { useUserTurfs } from '#src/device/hooks/useTurfs.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { can } from '#src/domain/permissions.ts';
import { asTurfPolygon } from '#src/domain/turfGeometry.ts';
import type { AreaView } from '#src/features/offlineAreas/index.ts';
import { useImagery } from '../basemap/useImagery.ts';
import type { PinFilters } from '../pins/PinClusters.ts';
import { type TeamPathsState, useTeamPaths } from '../tracking/TeamPathsLayer.tsx';
import { localToday } from '../tracking/teamPaths.ts';
import { usePathTracking } from '../tracking/usePathTracking.ts';
import { type MapPoint, seesTeamPaths } from '../utils/mapPage.ts';
import { useLeadMapWalk } from '../walk/useLeadMapWalk.ts';
import {
  holdsPinRead,
  type KeptViewStage,
  useEndKeptViewHold,
  useKeptPinView,
  useShowKeptView,
} from './useKeptPinView.ts';
import { useKnockPreview } from './useKnockPreview.ts';
import { useLassoSelection } from './useLassoSelection.ts';
import { useLeadMapPins } from './useLeadMapPins.ts';
import { useMapActions } from './useMapActions.ts';
import { useFollowSavedView, useMapChoices } from './useMapChoices.ts';
import { useOpenLead } from './useOpenLead.ts';
import { usePinMap } from './usePinMap.ts';
import { useResolveQueuedAddresses } from './useResolveQueuedAddresses.ts';

/** The lead map's state and what its controls do: the pins, the panels open, the layers and filters. */
export function useMapPage() {
  const actor = useActor();
  // Each view drawn is kept, so the next opening on it draws at once (useKeptPinView).
  const { kept, keep } = useKeptPinView();
  const loadedStages = useLoadedDealStages();
  const [keptStage, setKeptStage] = useState<KeptViewStage>('deciding');
  // The worker reads every pin once these first small reads are answered, and a kept view drawn.
  const pinMap = usePinMap({ onDrawn: keep, holdPins: holdsPinRead(kept, !!loadedStages, keptStage) });
  const [filters, setFilters] = useState<PinFilters>({});
  const keptCounts = useShowKeptView(pinMap, kept, loadedStages, filters, setKeptStage);
  const { openLeadStore, openLead: openSelected } = useOpenLead();
  const [dropAt, setDropAt] = useState<MapPoint | undefined>();
  const [makerAt, setMakerAt] = useState<MapPoint | undefined>();
  const tracking = usePathTracking();
  const [offlineView, setOfflineView] = useState<AreaView | undefined>();
  useResolveQueuedAddresses();
  // Layers and the view follow the user to their other devices (their configuration).
  const choices = useMapChoices();
  const { layers, setLayers, satellite, setSatellite, rememberView, hasSavedView, savedView } = choices;
  const imagery = useImagery();
  // The pins wait for the org's stages (their colours): drawn once, not redrawn a moment later.
  const pins = useLeadMapPins(pinMap, { stages: loadedStages, filters, hasSavedView, keptCounts });
  useEndKeptViewHold(keptStage, setKeptStage, pins.drawnOnce);
  useFollowSavedView(pinMap.mapRef, choices, pins.drawnOnce);
  const [teamPathsState, setTeamPathsState] = useState<TeamPathsState>(() => ({
    on: false,
    date: localToday(),
  }));
  const teamPaths = useTeamPaths(teamPathsState);
  const openLead = (id: string | undefined) => {
    setDropAt(undefined);
    openSelected(id);
  };
  const dropPin = (at: MapPoint) => {
    openSelected(undefined);
    setDropAt(at);
  };
  const actions = useMapActions({ pinMap, rememberView, openLead, dropPin, setMakerAt, setOfflineView });
  // "Select an area": a lasso around pins, for those who may reassign leads.
  const lasso = useLassoSelection(
    pinMap.service,
    pinMap.loaded ? pinMap.mapRef.current?.getMap() : undefined,
  );
  // 'Plan my walk': the doors of the rep's turf, else of the lasso's area, else in view.
  const turfs = useUserTurfs(actor.user_id);
  const turf = useMemo(() => (turfs?.[0] ? asTurfPolygon(turfs[0].geometry) : undefined), [turfs]);
  const walk = useLeadMapWalk(pinMap, lasso.area, openLead, turf);
  const previewKnock = useKnockPreview(pinMap);

  return {
    pinMap,
    stages: loadedStages ?? DEFAULT_DEAL_STAGES,
    ...pins,
    savedView,
    tracking,
    filters,
    setFilters,
    layers,
    setLayers,
    satellite: satellite && !imagery.unavailable,
    setSatellite,
    imagery,
    /** The lead whose panel is open (`useOpenLeadOf`), with the row as read when it was opened. */
    openLeadStore,
    setSelected: openSelected,
    dropAt,
    setDropAt,
    makerAt,
    setMakerAt,
    offlineView,
    setOfflineView,
    seesTeamPaths: seesTeamPaths(actor),
    // Pins are new contacts: the pin maker is offered to who may create them.
    canAddPins: can(actor, 'contacts.create'),
    teamPathsState,
    setTeamPathsState,
    teamPaths,
    lasso,
    walk,
    /** A knock's new pin colour shown before its write commits (LeadPanel). */
    previewKnock,
    ...actions,
  };
}

export type MapPageState = ReturnType<typeof useMapPage>;
