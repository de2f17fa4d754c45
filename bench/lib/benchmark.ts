import type { BenchSettings } from './settings.ts';

/** Thrown when a route the benchmark measures does not exist yet: reported, not a crash. */
export class EndpointMissing extends Error {}

export interface BenchContext {
  settings: BenchSettings;
  /** This benchmark's scratch folder under bench/work/, removed when it ends. */
  dir: string;
  log(message: string): void;
}

export interface Outcome {
  portico: string;
  baseline: string;
  ratio: string;
  pass: boolean;
  notes: string;
  details: string[];
}

export interface Benchmark {
  name: string;
  title: string;
  target: string;
  run(context: BenchContext): Promise<Outcome>;
}
