import { describe, expect, it } from 'vitest';
import {
  type DirectionsTarget,
  directionsLink,
  type MapsPlatform,
  mapsPlatformOf,
} from './directionsLink.ts';

describe('the maps app a device opens', () => {
  const cases: [device: string, userAgent: string, platform: MapsPlatform][] = [
    [
      'an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      'apple',
    ],
    [
      'Chrome on an iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.156 Mobile/15E148 Safari/604.1',
      'apple',
    ],
    [
      'an iPad asking for desktop pages (it says Macintosh)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
      'apple',
    ],
    [
      'an Android phone',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
      'android',
    ],
    ['Firefox on Android', 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0', 'android'],
    [
      'a Windows laptop',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
      'web',
    ],
    ['a Linux desktop', 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 'web'],
    ['no user agent at all', '', 'web'],
  ];
  it.each(cases)('%s', (_device, userAgent, platform) => {
    expect(mapsPlatformOf(userAgent)).toBe(platform);
  });
});

describe('the directions link to an appointment', () => {
  const pin = { lat: 32.7767, lng: -96.797 };
  const cases: [name: string, target: DirectionsTarget, platform: MapsPlatform, href: string | undefined][] =
    [
      [
        'Apple Maps to the pin',
        { position: pin, label: 'Ada' },
        'apple',
        'maps://?daddr=32.7767,-96.797&dirflg=d',
      ],
      [
        'Apple Maps to the address when there is no pin',
        { address: '12 Main St, Dallas, TX 75201' },
        'apple',
        'maps://?daddr=12%20Main%20St%2C%20Dallas%2C%20TX%2075201&dirflg=d',
      ],
      [
        'a geo link on Android, named for the lead',
        { position: pin, label: 'Ada Lopez' },
        'android',
        'geo:32.7767,-96.797?q=32.7767,-96.797(Ada%20Lopez)',
      ],
      [
        'no parentheses inside the geo label',
        { position: pin, label: 'Ada (mother) Lopez' },
        'android',
        'geo:32.7767,-96.797?q=32.7767,-96.797(Ada%20mother%20Lopez)',
      ],
      ['a geo link without a label', { position: pin }, 'android', 'geo:32.7767,-96.797?q=32.7767,-96.797'],
      ['a geo search for the address', { address: '12 Main St' }, 'android', 'geo:0,0?q=12%20Main%20St'],
      [
        'Google Maps on the web elsewhere',
        { position: pin, address: '12 Main St' },
        'web',
        'https://www.google.com/maps/dir/?api=1&destination=32.7767,-96.797&travelmode=driving',
      ],
      [
        'Google Maps to the address',
        { address: '12 Main St & 3rd' },
        'web',
        'https://www.google.com/maps/dir/?api=1&destination=12%20Main%20St%20%26%203rd&travelmode=driving',
      ],
      [
        'six decimals at most',
        { position: { lat: 32.123456789, lng: -96.1 + 1e-12 } },
        'web',
        'https://www.google.com/maps/dir/?api=1&destination=32.123457,-96.1&travelmode=driving',
      ],
      [
        'the address when the position is impossible',
        { position: { lat: 120, lng: 0 }, address: 'Elm St' },
        'apple',
        'maps://?daddr=Elm%20St&dirflg=d',
      ],
      ['nothing without a position or an address', { address: '  ', label: 'Ada' }, 'apple', undefined],
    ];
  it.each(cases)('%s', (_name, target, platform, href) => {
    expect(directionsLink(target, platform)?.href).toBe(href);
  });

  it('says which links are web pages', () => {
    expect(directionsLink({ position: pin }, 'web')?.web).toBe(true);
    expect(directionsLink({ position: pin }, 'apple')?.web).toBe(false);
    expect(directionsLink({ position: pin }, 'android')?.web).toBe(false);
  });
});
