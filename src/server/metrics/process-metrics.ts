import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * The process's own figures: resident memory, V8 heap, CPU, garbage collection, handles and the
 * event loop's delay (prom-client's default metrics, `process_*` and `nodejs_*`). They belong to
 * the process, not to an app, and collecting them starts an event-loop monitor and a GC observer
 * that live as long as the process; so they sit in one registry per process, made on first use,
 * which every app in the process (the test suites build hundreds) shows beside its own. Made at
 * the first scrape: a server nobody scrapes never starts them.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
