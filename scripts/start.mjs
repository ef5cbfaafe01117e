// npm start: build the console when its sources changed, then serve console and API on one port.
// The server migrates the database and seeds it on the first run (printing the first login).
import { buildConsoleIfStale, startServer, superviseChildren } from './lib.mjs';

await buildConsoleIfStale();
superviseChildren([startServer()]);
