const defined: unknown = import.meta.env.VITE_VIGIL_BUILD_ID;

/** This build's id (vite.config.ts defines it per build); 'dev' under the dev server and in tests. */
export const BUILD_ID: string = typeof defined === 'string' && defined !== '' ? defined : 'dev';
