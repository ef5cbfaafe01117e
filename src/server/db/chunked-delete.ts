import type { DeleteResult } from 'kysely';

/** Rows deleted per statement: each chunk is its own short write, so ingest is never held up long. */
export const DELETE_CHUNK = 5_000;

export const deletedRows = (result: DeleteResult | undefined) => Number(result?.numDeletedRows ?? 0n);

/** Runs a chunk deletion until a chunk deletes fewer than DELETE_CHUNK rows; answers the total. */
export async function deleteInChunks(deleteChunk: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteChunk();
    total += deleted;
    if (deleted < DELETE_CHUNK) return total;
  }
}
