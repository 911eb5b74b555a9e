/**
 * A roof's solar estimate from the Google Solar API (`buildingInsights:findClosest`): how many
 * panels fit, what they would make in a year and the roof's yearly sunshine. Failures are the
 * caller's to show; "no building here" (404) is an answer of its own.
 */

export interface SolarEstimate {
  panels: number;
  /** Yearly energy of the largest panel layout, DC. */
  kwhPerYear: number;
  sunshineHoursPerYear: number;
  roofAreaM2: number | undefined;
  /** The imagery's quality as the provider rates it (HIGH, MEDIUM, LOW). */
  quality: string | undefined;
}

type Fetch = (
  url: string,
  init?: { signal?: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

interface BuildingInsights {
  imageryQuality?: string;
  solarPotential?: {
    maxArrayPanelsCount?: number;
    maxSunshineHoursPerYear?: number;
    wholeRoofStats?: { areaMeters2?: number };
    solarPanelConfigs?: { panelsCount?: number; yearlyEnergyDcKwh?: number }[];
  };
}

export const SOLAR_API = 'https://solar.googleapis.com/v1/buildingInsights:findClosest';

/** The estimate for the building nearest the position; undefined when the provider knows none there. */
export async function findSolarEstimate(
  key: string,
  position: { lng: number; lat: number },
  { fetcher = fetch, signal }: { fetcher?: Fetch; signal?: AbortSignal } = {},
): Promise<SolarEstimate | undefined> {
  const params = new URLSearchParams({
    'location.latitude': String(position.lat),
    'location.longitude': String(position.lng),
    requiredQuality: 'LOW',
    key,
  });
  const res = await fetcher(`${SOLAR_API}?${params}`, { signal });
  if (res.status === 404) return undefined;
  if (!res.ok) throw new Error(`The solar service answered ${res.status}.`);
  return toEstimate((await res.json()) as BuildingInsights);
}

export function toEstimate(answer: BuildingInsights): SolarEstimate | undefined {
  const potential = answer.solarPotential;
  if (!potential) return undefined;
  const configs = potential.solarPanelConfigs ?? [];
  // The configurations grow by panel count; the last is the whole usable roof.
  const largest = configs[configs.length - 1];
  return {
    panels: potential.maxArrayPanelsCount ?? largest?.panelsCount ?? 0,
    kwhPerYear: Math.round(largest?.yearlyEnergyDcKwh ?? 0),
    sunshineHoursPerYear: Math.round(potential.maxSunshineHoursPerYear ?? 0),
    roofAreaM2: potential.wholeRoofStats?.areaMeters2,
    quality: answer.imageryQuality,
  };
}
