import type { TestServer } from './helpers.js';

export const METRICS_TOKEN = 'scraper-token-0123456789';

/** One sample of a Prometheus text exposition: its name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const [, name = '', labelText = '', value = ''] = SAMPLE_LINE.exec(line) ?? [];
      const labels = Object.fromEntries([...labelText.matchAll(LABEL)].map(([, key = '', text = '']) => [key, text]));
      return { name, labels, value: Number(value) };
    });
}

/** The value of the sample with this name whose labels include these; undefined when none. */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;
}

/** GET /metrics as a scraper sends it; `token: null` sends no authorization. */
export function scrape(server: TestServer, token: string | null = METRICS_TOKEN) {
  return server.app.inject({ method: 'GET', url: '/metrics', headers: token === null ? {} : { authorization: `Bearer ${token}` } });
}

export async function scrapeSamples(server: TestServer): Promise<Sample[]> {
  const response = await scrape(server);
  if (response.statusCode !== 200) throw new Error(`scrape answered ${response.statusCode}: ${response.body}`);
  return parseExposition(response.body);
}
