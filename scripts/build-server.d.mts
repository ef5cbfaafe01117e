// Types of scripts/build-server.mjs for the TypeScript scripts that launch a bundled server.
export declare const SERVER_ENTRY: string;
export declare const SERVER_BUNDLE: string;
export declare const SERVER_SOURCES: readonly string[];
/** V8 options the server runs with (npm start and the bench alike). */
export declare const SERVER_NODE_OPTIONS: readonly string[];
export declare function bundleServerIfStale(entry: string, outfile: string, extraSources?: readonly string[]): Promise<string>;
export declare function buildServerIfStale(): Promise<string>;
