/** SPEC section 9: the rep's position, fresh enough and precise. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  maximumAge: 30_000,
  timeout: 27_000,
  enableHighAccuracy: true,
};
