import { Button, CloseButton, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type RefObject, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapRef } from 'react-map-gl/maplibre';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useUserConfig } from '#src/device/hooks/useUserConfig.ts';
import { type SavedPin, savedPinSchema } from '#src/domain/schemas/userConfig.ts';

/**
 * The user's saved places (their configuration's `pins`): save where the map is, go back to one,
 * remove one. They follow the user to their other devices through sync.
 */
export function SavedPlaces({ mapRef }: { mapRef: RefObject<MapRef | null> }) {
  const { t } = useTranslation('map');
  const config = useUserConfig();
  const { saveUserConfig } = useCommands();
  const places = useMemo(
    () =>
      (Array.isArray(config?.pins) ? config.pins : []).filter(
        (p): p is SavedPin => savedPinSchema.safeParse(p).success,
      ),
    [config?.pins],
  );
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function save(event: FormEvent) {
    event.preventDefault();
    const map = mapRef.current;
    if (!map) return;
    const { lng, lat } = map.getCenter();
    const place = {
      id: crypto.randomUUID(),
      name: name.trim(),
      longitude: lng,
      latitude: lat,
      zoom: map.getZoom(),
    };
    try {
      await saveUserConfig({ pins: [...places, place] });
      setName('');
      setError(undefined);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  function go(place: SavedPin) {
    mapRef.current?.jumpTo({ center: [place.longitude, place.latitude], zoom: place.zoom });
  }

  return (
    <Popover position="bottom-end" shadow="md" withinPortal width={260}>
      <Popover.Target>
        <Button size="xs" variant="default">
          {t('mapPlaces.title')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Stack component="form" gap="xs" onSubmit={save}>
            <TextInput
              size="xs"
              label={t('mapPlaces.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={120}
              required
            />
            <Button size="xs" type="submit" disabled={!name.trim()}>
              {t('mapPlaces.save')}
            </Button>
            {error && (
              <Text size="xs" c="red" role="alert">
                {error}
              </Text>
            )}
          </Stack>
          {places.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('mapPlaces.none')}
            </Text>
          ) : (
            <Stack
              gap={2}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={t('mapPlaces.title')}
            >
              {places.map((place) => (
                <Group key={place.id} component="li" gap={4} wrap="nowrap" justify="space-between">
                  <Button size="xs" variant="subtle" onClick={() => go(place)}>
                    {place.name}
                  </Button>
                  <CloseButton
                    size="sm"
                    aria-label={t('mapPlaces.remove', { name: place.name })}
                    onClick={() => void saveUserConfig({ pins: places.filter((p) => p.id !== place.id) })}
                  />
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
