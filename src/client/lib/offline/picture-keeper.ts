import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { browserPictureStorage, forgetPicture, readPicture, writePicture, type PictureStorage, type ScreenPicture } from './screen-picture.js';

/** What the device's store is told about its writes (query-persister.ts). */
export interface StoreWatcher {
  /** These answers are about to be written. */
  willWrite(client: PersistedClient): void;
  /** The store holds these answers now (written, or read at a cold start). */
  holds(client: PersistedClient): void;
}

function answerTimes(client: PersistedClient): Map<string, number> {
  return new Map(client.clientState.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]));
}

/**
 * Keeps the screen's picture in step with the store: a picture is stored only once the store holds
 * the very answer it shows, and goes before the store is given another answer for that list. So a
 * stored picture is never older (nor newer) than the kept answer React will draw at a cold start.
 */
export class PictureKeeper implements StoreWatcher {
  private offered: ScreenPicture | null = null;
  private held: Map<string, number> | null = null;

  constructor(private readonly storage: PictureStorage | null = browserPictureStorage()) {}

  /** A picture of the screen now shown: stored as soon as the store holds its answer. */
  offer(picture: ScreenPicture): void {
    this.offered = picture;
    this.storeIfHeld();
  }

  willWrite(client: PersistedClient): void {
    const stored = readPicture(this.storage);
    if (stored && answerTimes(client).get(stored.queryHash) !== stored.dataUpdatedAt) forgetPicture(this.storage);
  }

  holds(client: PersistedClient): void {
    this.held = answerTimes(client);
    this.storeIfHeld();
  }

  /** The session ended (or the store was wiped): no picture, none waiting. */
  forget(): void {
    this.offered = null;
    this.held = null;
    forgetPicture(this.storage);
  }

  private storeIfHeld(): void {
    const offered = this.offered;
    if (!offered || this.held?.get(offered.queryHash) !== offered.dataUpdatedAt) return;
    this.offered = null;
    writePicture(offered, this.storage);
  }
}

/** The console's one keeper (the store's persister and the list screens share it). */
export const pictureKeeper = new PictureKeeper();
