import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const INDEX = 'index.html';
/** Where Vite puts content-hashed files: they never change under the same name. */
const HASHED_DIR = 'assets';
const HASHED_PATH = new RegExp(`^/${HASHED_DIR}/`);

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Everything else is revalidated on each use: the page, the service worker (sw.js), the manifest
 * and the icons keep their names across versions, so a cached copy must never outlive a deploy.
 */
export const REVALIDATE = 'no-cache';

/** The built console's directory when it has been built, else undefined (API only). */
export function clientDirIfBuilt(dir: string): string | undefined {
  return existsSync(join(dir, INDEX)) ? dir : undefined;
}

function cacheControlFor(path: string): string {
  return new RegExp(`[\\\\/]${HASHED_DIR}[\\\\/]`).test(path) ? IMMUTABLE : REVALIDATE;
}

/**
 * Static files of the built console. The build writes .br and .gz twins of its text files, sent
 * to browsers that accept them (with `Vary: accept-encoding`).
 */
export async function registerClientFiles(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: true,
    cacheControl: false,
    dotfiles: 'ignore',
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path));
    },
  });
}

/**
 * Client-side routes load the console's shell, so a reload on /monitor/1 works. A hashed file that
 * is not there (an old version's chunk after a deploy) is a 404, never the shell: a script or a
 * stylesheet answered with HTML would only fail later and less clearly.
 */
export function serveConsole(reply: FastifyReply): void {
  const path = reply.request.url.split('?')[0] ?? '';
  if (HASHED_PATH.test(path)) void reply.code(404).header('cache-control', REVALIDATE).type('text/plain; charset=utf-8').send('Not Found');
  else void reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile(INDEX);
}
