import { Button, Group, Input, Stack } from '@mantine/core';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

/** What the sign dialog asks of the pad. */
export interface PadHandle {
  isEmpty(): boolean;
  /** The drawing as a PNG data URL. */
  toPng(): string;
}

/** At most two device pixels per CSS pixel: sharp on a phone, and a PNG of tens of kilobytes. */
const MAX_RATIO = 2;

/**
 * The pad the homeowner draws the signature on (signature_pad over a canvas that fills the width),
 * with 'Clear'. Tells whether it holds a drawing after each stroke; kept sharp when resized.
 */
export function SignaturePadField({
  handle,
  onDrawnChange,
  error,
}: {
  handle: RefObject<PadHandle | null>;
  onDrawnChange: (drawn: boolean) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('proposals');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const changed = useRef(onDrawnChange);
  changed.current = onDrawnChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#111111', minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const resize = () => {
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_RATIO);
      const strokes = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.fromData(strokes);
    };
    resize();
    const stroke = () => changed.current(!pad.isEmpty());
    pad.addEventListener('endStroke', stroke);
    window.addEventListener('resize', resize);
    handle.current = { isEmpty: () => pad.isEmpty(), toPng: () => pad.toDataURL('image/png') };
    return () => {
      window.removeEventListener('resize', resize);
      pad.removeEventListener('endStroke', stroke);
      pad.off();
      handle.current = null;
      padRef.current = null;
    };
  }, [handle]);

  const clear = () => {
    padRef.current?.clear();
    changed.current(false);
  };

  return (
    <Stack gap={4}>
      <Input.Label>{t('proposals.sign.pad')}</Input.Label>
      <Input.Description>{t('proposals.sign.padHelp')}</Input.Description>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={t('proposals.sign.padLabel')}
        style={{
          width: '100%',
          height: 180,
          touchAction: 'none',
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: '#ffffff',
        }}
      />
      {error ? <Input.Error role="alert">{error}</Input.Error> : null}
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={clear}>
          {t('proposals.sign.clear')}
        </Button>
      </Group>
    </Stack>
  );
}
