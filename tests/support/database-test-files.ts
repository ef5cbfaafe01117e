/*
 * The test files the PostgreSQL run takes (vite.config.ts): those under tests/server that reach
 * tests/server/test-database.ts through their relative imports, which is the only way a test gets a
 * database of the engine under test (createTestServer, createTestDatabase). The others (pure
 * functions, SQLite migration and file tests) would run the same code a second time.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g;

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFilesUnder(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The source a relative import names (written with .js, as TypeScript's NodeNext resolution wants). */
function sourceOf(from: string, specifier: string): string | undefined {
  const path = resolve(dirname(from), specifier);
  return [path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), path].find((candidate) => existsSync(candidate));
}

/** Whether a file reaches target through relative imports within a folder (each file read once). */
function importReacher(target: string, within: string): (file: string) => boolean {
  const importsOf = new Map<string, string[]>();
  const imported = (file: string): string[] => {
    let sources = importsOf.get(file);
    if (!sources) {
      sources = [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)]
        .map((match) => sourceOf(file, match[1] ?? ''))
        .filter((source): source is string => source !== undefined && source.startsWith(within));
      importsOf.set(file, sources);
    }
    return sources;
  };
  return (file) => {
    const seen = new Set([file]);
    for (const next of seen) {
      if (next === target) return true;
      for (const source of imported(next)) seen.add(source);
    }
    return false;
  };
}

/** Paths relative to root, for vitest's include. */
export function databaseTestFiles(root: string): string[] {
  const tests = join(root, 'tests');
  const reaches = importReacher(join(tests, 'server', 'test-database.ts'), tests);
  return testFilesUnder(join(tests, 'server'))
    .filter(reaches)
    .map((file) => relative(root, file))
    .sort();
}
