import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annualKwhFromBill, DERATE, round, systemSize } from './sizing.ts';

describe('system size from usage', () => {
  it('follows the stated formula with the defaults (5 sun hours, 400 W)', () => {
    // 11,680 kWh ÷ (365 × 5 × 0.8) = 8 kW → 8,000 W ÷ 400 W = 20 panels exactly.
    expect(systemSize({ annualKwh: 11_680 })).toEqual({
      requiredKw: 8,
      panels: 20,
      systemKw: 8,
      sunHours: 5,
      panelWattage: 400,
    });
  });

  it('rounds up to whole panels and shows the size of those panels', () => {
    // 12,000 ÷ 1,460 = 8.219 kW → 20.55 → 21 panels × 400 W = 8.4 kW.
    expect(systemSize({ annualKwh: 12_000 })).toMatchObject({ requiredKw: 8.22, panels: 21, systemKw: 8.4 });
    // Other sun hours and wattage: 9,000 ÷ (365 × 4.5 × 0.8) = 6.849 kW → 6849 ÷ 350 = 19.57 → 20.
    expect(systemSize({ annualKwh: 9_000, sunHours: 4.5, panelWattage: 350 })).toMatchObject({
      panels: 20,
      systemKw: 7,
    });
  });

  it('no usage needs no panels', () => {
    expect(systemSize({ annualKwh: 0 })).toMatchObject({ panels: 0, systemKw: 0 });
  });

  it('derives annual usage from the monthly bill and the rate', () => {
    expect(annualKwhFromBill(150, 0.15)).toBe(12_000);
    expect(annualKwhFromBill(100, 0.13)).toBe(9231);
  });

  it('rounds without binary noise', () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(8.219178, 2)).toBe(8.22);
  });

  it('property: the panels cover the usage, and one panel fewer would not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 1, max: 12, noNaN: true }),
        fc.integer({ min: 50, max: 1000 }),
        (annualKwh, sunHours, panelWattage) => {
          const size = systemSize({ annualKwh, sunHours, panelWattage });
          const produced = (panels: number) => ((panels * panelWattage) / 1000) * 365 * sunHours * DERATE;
          expect(produced(size.panels)).toBeGreaterThanOrEqual(annualKwh * (1 - 1e-9));
          expect(produced(size.panels - 1)).toBeLessThan(annualKwh);
          expect(Math.abs(size.systemKw - (size.panels * panelWattage) / 1000)).toBeLessThanOrEqual(
            0.005 + 1e-9,
          );
          expect(size.systemKw).toBeGreaterThanOrEqual(size.requiredKw - 0.01);
        },
      ),
    );
  });

  it('property: more usage never needs fewer panels', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 500_000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(systemSize({ annualKwh: low }).panels).toBeLessThanOrEqual(
          systemSize({ annualKwh: high }).panels,
        );
      }),
    );
  });
});
