/** Served by the geometry plugin in vite.config.ts: where the console fetches each map's regions. */
declare module 'virtual:vigil-geometry' {
  export const GEOMETRY_URLS: Readonly<Record<'china' | 'sea' | 'world', string>>;
}
