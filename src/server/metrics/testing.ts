/** One sample of Prometheus's text format: its labels and value. */
export interface MetricSample {
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** The samples of the metric `name` in a /metrics answer (test code: the unit and e2e suites read it). */
export function samplesOf(text: string, name: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((m) => [m[1], m[2]]));
    samples.push({ labels, value: Number(match[3]) });
  }
  return samples;
}
