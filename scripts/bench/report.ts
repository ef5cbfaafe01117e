/** Figures of `npm run bench` and how they are printed. */

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target as text, e.g. "≤ 0.3", or null when the figure is informative only. */
  target: string | null;
  better: 'lower' | 'higher';
}

export interface BenchOptions {
  quick: boolean;
  json: boolean;
  /** `--only a,b`: run just the sections whose names start with one of these (all when empty). */
  only: string[];
}

export function parseOptions(argv: readonly string[]): BenchOptions {
  const onlyAt = argv.indexOf('--only');
  const only = onlyAt >= 0 ? (argv[onlyAt + 1] ?? '').split(',').filter(Boolean) : [];
  return { quick: argv.includes('--quick'), json: argv.includes('--json'), only };
}

/** Whether a section (e.g. "probes.tcp") runs under `--only`. */
export function wants(options: BenchOptions, section: string): boolean {
  return options.only.length === 0 || options.only.some((prefix) => section.startsWith(prefix) || prefix.startsWith(`${section}.`));
}

/** Progress goes to stderr so `--json` output stays clean. */
export function progress(message: string): void {
  process.stderr.write(`… ${message}\n`);
}

function formatValue(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(3);
}

export function printFigures(figures: readonly Figure[], options: BenchOptions): void {
  if (options.json) {
    console.log(JSON.stringify(figures, null, 2));
    return;
  }
  for (const figure of figures) {
    console.log(`${figure.name}: ${formatValue(figure.value)} ${figure.unit} (${figure.target ?? 'no target'})`);
  }
}
