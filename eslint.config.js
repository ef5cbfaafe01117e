import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The rooms of the code (docs/architecture.md): who may import whom. */
const rooms = {
  shared: ['**/server/**', '**/client/**', '**/agent/**', '**/node-shared/**', 'node:*', 'react', 'react-dom', 'fastify', 'kysely', 'better-sqlite3'],
  // Node-only code the server and the agent both use (they may not import each other).
  nodeShared: ['**/server/**', '**/client/**', '**/agent/**', 'react', 'react-dom', 'fastify', 'kysely', 'better-sqlite3'],
  server: ['**/client/**', '**/agent/**'],
  agent: ['**/client/**', '**/server/**'],
  client: ['**/server/**', '**/agent/**', '**/node-shared/**', 'node:*'],
};

const roomPatterns = (patterns) => patterns.map((group) => ({ group: [group], message: 'This import crosses a room of the architecture.' }));
const forbid = (patterns, more = []) => ({ 'no-restricted-imports': ['error', { patterns: [...roomPatterns(patterns), ...more] }] });

/** src/server/results owns check results: others import only its index, and it imports no feature module. */
const resultsThroughIndex = { group: ['**/results/*', '!**/results/index.js'], message: 'Import the results module through results/index.js only.' };
const noFeatureModules = { group: ['**/modules/**'], message: 'The results module imports no feature module.' };

export default tseslint.config(
  { ignores: ['dist/**', '.tmp/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      complexity: ['error', 15],
    },
  },
  { files: ['src/shared/**'], rules: forbid(rooms.shared) },
  { files: ['src/server/**'], ignores: ['src/server/results/**'], rules: forbid(rooms.server, [resultsThroughIndex]) },
  { files: ['src/server/results/**'], rules: forbid(rooms.server, [noFeatureModules]) },
  { files: ['src/agent/**'], rules: forbid(rooms.agent) },
  { files: ['src/node-shared/**'], rules: forbid(rooms.nodeShared) },
  {
    files: ['src/client/**', 'tests/client/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid(rooms.client) },
  },
  {
    // Features never import each other; the app layer composes them.
    files: ['src/client/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/agent/**', '**/node-shared/**', 'node:*'], message: 'This import crosses a room of the architecture.' },
            { group: ['../../features/*', '../../../features/*', '**/features/*/**'], message: 'Features do not import each other; compose them in app/.' },
            { group: ['../../app/*', '../../../app/*'], message: 'Features do not import the app layer.' },
          ],
        },
      ],
    },
  },
);
