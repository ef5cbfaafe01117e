import type { Kysely } from 'kysely';

// Migrations take Kysely<any> on purpose: they describe the schema before the table types exist.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
