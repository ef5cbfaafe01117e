// The API server in its own process for the agent-scale figure: the product's startServer with
// its configuration from the environment. Announces `listening <url>` on stdout.
import { startServer } from '../../../src/server/main.js';

const server = await startServer();
process.stdout.write(`listening ${server.url}\n`);
const stop = (code: number) => void server.close().then(() => process.exit(code));
process.once('SIGTERM', () => stop(0));
// The bench that started this process is gone: nothing would ever stop it.
process.once('disconnect', () => stop(1));
