import { Box, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SignedInUser } from '../auth/index.ts';
import { OfflineAreasDialog } from '../offlineAreas/index.ts';
import { savableStyleUrl } from './basemap/chooseBaseMap.ts';
import { useBaseMap } from './basemap/useBaseMap.ts';
import { LassoBar } from './components/LassoBar.tsx';
import { LeadMapCanvas } from './components/LeadMapCanvas.tsx';
import { MapTopBar } from './components/MapTopBar.tsx';
import { OpenLeadPanel } from './components/OpenLeadPanel.tsx';
import { PinMaker } from './components/PinMaker.tsx';
import { useMapPage } from './hooks/useMapPage.ts';
import { TeamPathsControl } from './tracking/TeamPathsLayer.tsx';
import { WalkBar } from './walk/WalkBar.tsx';

/**
 * The lead map at `/`: every contact on the device as a pin coloured by its status, clustered in
 * a worker, with filters, layers, one-tap knocks and the pin maker. Works with no network.
 */
export function MapPage({ user }: { user: SignedInUser }) {
  const { t } = useTranslation('map');
  const page = useMapPage();
  const offlineStyleUrl = savableStyleUrl(useBaseMap());
  const { pinMap, setSelected, makerAt, setMakerAt } = page;

  return (
    <Box
      role="region"
      aria-label={t('map.label')}
      pos="relative"
      style={{ height: 'calc(100dvh - 56px - 2 * var(--mantine-spacing-md))', minHeight: 320 }}
    >
      {/* The map has no visible title; the screen's heading is for screen readers. */}
      <VisuallyHidden component="h1">{t('map.label')}</VisuallyHidden>
      <LeadMapCanvas page={page} userId={user._id} />
      <MapTopBar page={page} />
      {page.seesTeamPaths && (
        <Box pos="absolute" bottom={8} left={8}>
          <TeamPathsControl
            state={page.teamPathsState}
            onChange={page.setTeamPathsState}
            result={page.teamPaths}
          />
        </Box>
      )}
      {/* The lead's panel above the walk and lasso bars, which it never covers (on a phone both
          are the map's width): the panel gives up height to them and scrolls. */}
      <Box
        pos="absolute"
        top={48}
        bottom={8}
        left={8}
        right={8}
        style={{ display: 'flex', flexDirection: 'column', gap: 8, pointerEvents: 'none' }}
      >
        <OpenLeadPanel
          store={page.openLeadStore}
          userId={user._id}
          stages={page.stages}
          previewKnock={page.previewKnock}
          onClose={() => setSelected(undefined)}
        />
        <Stack gap="xs" align="center" mt="auto">
          <Box style={{ pointerEvents: 'auto' }}>
            <WalkBar walk={page.walk} />
          </Box>
          <Box style={{ pointerEvents: 'auto' }}>
            <LassoBar lasso={page.lasso} />
          </Box>
        </Stack>
      </Box>
      <OfflineAreasDialog
        view={page.offlineView}
        styleUrl={offlineStyleUrl}
        onClose={() => page.setOfflineView(undefined)}
        onFlyTo={page.flyTo}
      />
      {makerAt && pinMap.service && page.canAddPins && (
        <PinMaker
          position={makerAt}
          initialAddress={makerAt.address}
          service={pinMap.service}
          onClose={() => setMakerAt(undefined)}
          onOpenLead={(id) => {
            setMakerAt(undefined);
            setSelected(id);
          }}
        />
      )}
    </Box>
  );
}
