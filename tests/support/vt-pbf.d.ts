// vt-pbf ships no types: the one call the tests make.
declare module 'vt-pbf' {
  const vtpbf: { fromGeojsonVt(layers: Record<string, unknown>, options?: { version?: number }): Uint8Array };
  export default vtpbf;
}
