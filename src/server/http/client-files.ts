import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const INDEX = 'index.html';

/** The built console's directory when it has been built, else undefined (API only). */
export function clientDirIfBuilt(dir: string): string | undefined {
  return existsSync(join(dir, INDEX)) ? dir : undefined;
}

function cacheControlFor(path: string): string {
  // Vite puts content-hashed files under assets/: they never change under the same name.
  return /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export async function registerClientFiles(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: true,
    cacheControl: false,
    dotfiles: 'ignore',
    setHeaders: (reply, path) => {
      reply.header('cache-control', cacheControlFor(path));
    },
  });
}

/** Client-side routes load the console's shell, so a reload on /monitor/1 works. */
export function serveConsole(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(INDEX);
}
