import { userInfo } from 'node:os';
import { ConfigError, loadConfig } from '../config.js';
import { bodyFromFlags, parseCommandLine, UsageError } from './flags.js';
import { answerText, helpText, refusalText, USAGE, verbHelpText } from './print.js';
import { findVerb, runVerb } from './run.js';

export interface CommandOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
}

const done = (stdout: string): CommandOutput => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string): CommandOutput => ({ exitCode: 1, stdout: '', stderr });

function operatorName(by: string | undefined): string {
  if (by !== undefined) return by;
  try {
    return userInfo().username;
  } catch {
    return 'admin command';
  }
}

/** `npm run admin -- <noun> <verb> [--field value ...] [--json] [--by name]`: one platform verb, in-process. */
export async function adminCommand(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<CommandOutput> {
  const line = parseCommandLine(argv);
  const [noun, verb, ...extra] = line.words;
  if (noun === undefined || noun === 'help') return done(helpText());
  if (verb === undefined || extra.length > 0) throw new UsageError(`Give a noun and a verb (${line.words.join(' ')}).`);
  const call = findVerb(noun, verb);
  if (!call) throw new UsageError(`No verb "${noun} ${verb}". npm run admin -- help lists them.`);
  if (line.help) return done(verbHelpText(noun, verb, call));
  const outcome = await runVerb(loadConfig(env), call, bodyFromFlags(call.body, line.flags), operatorName(line.by));
  if (!outcome.ok) return failed(line.json ? JSON.stringify({ code: outcome.code, errors: outcome.errors }) : refusalText(outcome.code, outcome.errors));
  return done(line.json ? JSON.stringify(outcome.data) : answerText(outcome.data));
}

/** The command's text for an error before any verb ran: usage, configuration. */
export function commandErrorText(error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\n\n${USAGE}`;
  if (error instanceof ConfigError) return `Invalid configuration: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
