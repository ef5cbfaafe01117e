// Operator command: every verb of the management platform (the platform calls), run in-process on
// VIGIL_DATA_DIR like the server. `npm run admin -- help` lists them; see README "Operator command".
import { adminCommand, commandErrorText } from '../src/server/admin-command/main.js';

adminCommand(process.argv.slice(2)).then(
  (output) => {
    if (output.stdout !== '') console.log(output.stdout);
    if (output.stderr !== '') console.error(output.stderr);
    process.exitCode = output.exitCode;
  },
  (error: unknown) => {
    console.error(commandErrorText(error));
    process.exitCode = 1;
  },
);
