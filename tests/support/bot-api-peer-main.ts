// Runs the Bot-API-shaped peer on its own (Playwright's webServer, manual tries):
//   node --import tsx tests/support/bot-api-peer-main.ts --port 18082 --token <token>
// Drive it over HTTP at /__peer/… (bot-api-peer.ts). Stops on SIGINT/SIGTERM.
import { BotApiPeer } from './bot-api-peer.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const peer = await BotApiPeer.start({ token: option('token', process.env.VIGIL_TELEGRAM_BOT_TOKEN ?? ''), port: Number(option('port', '18082')) });
console.log(`Bot API peer listening on ${peer.url}`);
const stop = () => {
  void peer.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
