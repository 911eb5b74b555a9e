import { Box, Stack, Text } from '@mantine/core';
import type { ImagerySource } from '#src/domain/schemas/mapImagery.ts';
import { roofPicture } from '../utils/roofTiles.ts';

const percent = (px: number, size: number) => `${(px / size) * 100}%`;

/**
 * The roof from the org's aerial imagery: nine map tiles around the lead's position, cropped to a
 * square (400×400 at most, smaller on a narrow screen) with a marker on the position at its
 * centre, and the imagery's credit under it.
 */
export function RoofImagery({
  position,
  source,
  alt,
}: {
  position: { lng: number; lat: number };
  source: ImagerySource;
  alt: string;
}) {
  const picture = roofPicture(position, source);
  const { size, tileSize } = picture;
  return (
    <Stack gap={4} maw={size}>
      <Box
        role="img"
        aria-label={alt}
        pos="relative"
        w="100%"
        style={{ aspectRatio: '1 / 1', overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)' }}
        bg="gray.3"
      >
        {picture.tiles.map((tile) => (
          <img
            key={`${tile.x}/${tile.y}`}
            src={tile.url}
            alt=""
            loading="lazy"
            draggable={false}
            style={{
              position: 'absolute',
              left: percent(tile.left, size),
              top: percent(tile.top, size),
              width: percent(tileSize, size),
              height: percent(tileSize, size),
              maxWidth: 'none',
            }}
          />
        ))}
        <Box
          aria-hidden
          pos="absolute"
          left="50%"
          top="50%"
          w={14}
          h={14}
          style={{
            transform: 'translate(-50%, -50%)',
            borderRadius: '50%',
            background: '#e03131',
            border: '2px solid #fff',
            boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.4)',
          }}
        />
      </Box>
      <Text size="xs" c="dimmed">
        {source.attribution}
      </Text>
    </Stack>
  );
}
