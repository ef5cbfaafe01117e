/*
 * Runs before each test file of a project whose files share modules in a worker (vite.config.ts):
 * what a file would have found when it loaded the helpers itself.
 */
import { restartStartTime } from '../server/helpers.js';

restartStartTime();
