// npm start: build the console when its sources changed, then serve console and API on one port
// (the server's bundle, rebuilt when its sources changed, under plain node: scripts/build-server.mjs),
// and run one probe agent for the "Local" node so results appear at once (VIGIL_LOCAL_AGENT=off
// to skip it). The server migrates the database and seeds it on the first run (printing the first
// login).
import { buildConsoleIfStale, startLocalAgent, startServer, superviseChildren, waitForServer } from './lib.mjs';

await buildConsoleIfStale();
const server = await startServer();
const supervisor = superviseChildren([server]);
if (process.env.VIGIL_LOCAL_AGENT !== 'off') {
  const host = process.env.VIGIL_HOST;
  const reachableHost = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${reachableHost}:${Number(process.env.VIGIL_PORT ?? 8080)}`;
  if (await waitForServer(url, server)) {
    try {
      supervisor.add(await startLocalAgent(url), { essential: false, name: 'Local probe agent' });
    } catch (error) {
      console.warn(`The Local probe agent could not start: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
