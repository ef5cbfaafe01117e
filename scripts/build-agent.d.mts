// Types of scripts/build-agent.mjs for the TypeScript scripts that launch a bundled agent.
export declare const AGENT_ENTRY: string;
export declare const AGENT_BUNDLE: string;
export declare const AGENT_SOURCES: readonly string[];
export declare const AGENT_NODE_OPTIONS: readonly string[];
export declare function bundleIsStale(outfile: string, sources: readonly string[]): boolean;
export declare function bundle(entry: string, outfile: string, options?: { packagesExternal?: boolean }): Promise<void>;
export declare function bundleIfStale(entry: string, outfile: string, extraSources?: readonly string[]): Promise<string>;
export declare function buildAgentIfStale(): Promise<string>;
