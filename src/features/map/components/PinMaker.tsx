import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { formatPhone, phoneProblem } from '#src/domain/phone.ts';
import { useLeadFieldErrors } from '#src/features/leads/index.ts';
import { showLeadAdded, toastFailed } from '#src/ui/toasts.tsx';
import { useRemoteGeocoder } from '../geocoding/useRemoteGeocoder.ts';
import { useLeadNearby } from '../hooks/useLeadNearby.ts';
import type { PinService } from '../pins/usePinService.ts';

/**
 * The pin maker: a new lead at a point of the map. Its phone and address go by the lead form's
 * rules and errors (the rules the server applies too). It warns when a lead already stands within
 * a few metres or at the same address, and offers to open that one instead.
 */
export function PinMaker({
  position,
  initialAddress,
  service,
  onClose,
  onOpenLead,
}: {
  position: { lng: number; lat: number };
  /** An address already known for the spot (picked from the address search). */
  initialAddress?: string;
  service: PinService;
  onClose: () => void;
  onOpenLead: (id: string) => void;
}) {
  const { t } = useTranslation(['map', 'leads']);
  const { addLead, queueAddressLookup } = useCommands();
  const fieldErrors = useLeadFieldErrors();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState(initialAddress ?? '');
  const { nearby, sameAddress } = useLeadNearby(service, position, address);
  const [confirmed, setConfirmed] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const geocoder = useRemoteGeocoder();
  /** The address the geocoder found for the spot (its credit is shown while it is used). */
  const [found, setFound] = useState<string>();

  // The address of the spot, when address search is on and the device is online.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per position (and geocoder)
  useEffect(() => {
    if (!geocoder || !navigator.onLine || initialAddress) return;
    let live = true;
    void geocoder.reverse(position.lng, position.lat).then((answer) => {
      if (!live || !answer?.address) return;
      setFound(answer.address);
      setAddress((current) => current || answer.address);
    });
    return () => {
      live = false;
    };
  }, [position.lng, position.lat, geocoder]);

  const warning = sameAddress ? { pin: sameAddress } : nearby;

  const coordinates: [number, number] = [position.lng, position.lat];
  const problems = fieldErrors({ phone, address: address.trim() || undefined, coordinates });
  const problem = (field: keyof typeof problems) => (showProblems ? problems[field] : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (warning && !confirmed) return;
    if (Object.keys(problems).length) {
      setShowProblems(true);
      return;
    }
    try {
      const id = await addLead({
        name,
        phone,
        ...(address.trim() ? { address } : {}),
        coordinates,
        address_obj: {
          coordinates,
          position: { lat: position.lat, lng: position.lng },
          ...(address.trim() ? { display_address: address.trim() } : {}),
        },
      });
      // No address yet: looked up from the position once the device can.
      if (!address.trim()) await queueAddressLookup(id);
      showLeadAdded(() => onOpenLead(id));
      onOpenLead(id);
    } catch (err) {
      toastFailed('toast.contactAddError', err);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('map.pinMaker')}>
      <Stack component="form" onSubmit={submit}>
        <Text size="xs" c="dimmed">
          {t('map.position', { lat: position.lat.toFixed(5), lon: position.lng.toFixed(5) })}
        </Text>
        {warning && (
          <Alert color="orange" role="alert">
            <Stack gap="xs">
              <Text size="sm">
                {sameAddress
                  ? t('map.sameAddressWarning', { name: sameAddress.name || t('leads:lead.unnamed') })
                  : t('map.nearbyWarning', {
                      metres: nearby?.metres ?? 0,
                      name: nearby?.pin.name || t('leads:lead.unnamed'),
                    })}
              </Text>
              <Group gap="xs">
                <Button size="xs" onClick={() => onOpenLead(warning.pin._id)}>
                  {t('map.openExisting', { name: warning.pin.name || t('leads:lead.unnamed') })}
                </Button>
                {!confirmed && (
                  <Button size="xs" variant="default" onClick={() => setConfirmed(true)}>
                    {t('map.addAnyway')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Alert>
        )}
        {showProblems && Object.keys(problems).length > 0 && (
          <Alert color="red" role="alert">
            {t('leads:lead.fixProblems')}
          </Alert>
        )}
        <TextInput
          label={t('leads:lead.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TextInput
          label={t('leads:lead.phone')}
          value={phone}
          inputMode="tel"
          error={problem('phone')}
          onChange={(e) => setPhone(e.currentTarget.value)}
          onBlur={() => {
            if (!phoneProblem(phone)) setPhone(formatPhone(phone));
          }}
        />
        <TextInput
          label={t('leads:lead.address')}
          description={t('leads:lead.addressHint')}
          value={address}
          placeholder={t('leads:marks.addressExample')}
          error={problem('address')}
          onChange={(e) => setAddress(e.currentTarget.value)}
        />
        {geocoder && found && address === found && (
          <Text size="xs" c="dimmed">
            {t(`map.geocoderCredit.${geocoder.provider}`)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!!warning && !confirmed}>
            {t('map.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
