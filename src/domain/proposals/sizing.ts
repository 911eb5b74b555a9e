/**
 * System size from usage (the lead guide's formula, shown on screen and printed on the proposal):
 *
 *   required kW = annual usage kWh ÷ (365 × peak sun hours × derate 0.8)
 *   panels      = ceil(required kW × 1000 ÷ panel wattage)
 *   system kW   = panels × panel wattage ÷ 1000   (what the panels actually make: the shown size)
 *
 * Usage is entered as annual kWh, or derived from the monthly bill: annual kWh = monthly bill ÷
 * rate ($/kWh) × 12. Defaults: 5 peak sun hours, 400 W panels.
 */

export const DEFAULT_SUN_HOURS = 5;
export const DEFAULT_PANEL_WATTAGE = 400;
/** Losses from inverter, wiring, heat and soiling: the share of rated output a system delivers. */
export const DERATE = 0.8;

export const SUN_HOURS_RANGE = { min: 1, max: 12 } as const;
export const PANEL_WATTAGE_RANGE = { min: 50, max: 1000 } as const;
/** Ten times a large home's use: above it a typo is likelier than a real household. */
export const MAX_ANNUAL_KWH = 1_000_000;
export const MAX_MONTHLY_BILL = 100_000;
export const RATE_RANGE = { min: 0.01, max: 5 } as const;

// kW = annual usage kWh ÷ (365 × peak sun hours × 0.8); panels = ceil(kW × 1000 ÷ panel wattage);
// system kW = panels × panel wattage ÷ 1000.

export interface SizingInput {
  annualKwh: number;
  sunHours?: number;
  panelWattage?: number;
}

export interface SystemSize {
  /** Size the usage asks for, before rounding up to whole panels. */
  requiredKw: number;
  panels: number;
  /** Size of the whole panels: what the proposal shows. */
  systemKw: number;
  sunHours: number;
  panelWattage: number;
}

/** Rounds to `digits` decimals without the binary noise of toFixed on values like 1.005. */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

/** Annual usage from a monthly bill and the utility's rate ($ per kWh). */
export function annualKwhFromBill(monthlyBill: number, rate: number): number {
  return round((monthlyBill / rate) * 12, 0);
}

/** The formula above; inputs are assumed valid (see validateSizing). */
export function systemSize(input: SizingInput): SystemSize {
  const sunHours = input.sunHours ?? DEFAULT_SUN_HOURS;
  const panelWattage = input.panelWattage ?? DEFAULT_PANEL_WATTAGE;
  const requiredKw = input.annualKwh / (365 * sunHours * DERATE);
  // A tiny epsilon keeps an exact fit (e.g. 8 × 400 W for 3.2 kW) from becoming one more panel.
  const panels = input.annualKwh > 0 ? Math.ceil((requiredKw * 1000) / panelWattage - 1e-9) : 0;
  return {
    requiredKw: round(requiredKw, 2),
    panels,
    systemKw: round((panels * panelWattage) / 1000, 2),
    sunHours,
    panelWattage,
  };
}
