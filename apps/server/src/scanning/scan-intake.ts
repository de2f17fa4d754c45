import type { Config } from '../config.ts';
import type { Scanner } from './scan-worker.ts';
import { type ScanIntake, scanIntakeOf } from './scans.repository.ts';

/** What the entry paths of files (multipart, tus) need of scanning: how a new blob starts, and a nudge. */
export interface ScanHook {
  intake: ScanIntake;
  /** After the commit that recorded new blobs: the scanner looks at once rather than at its next poll. */
  wake(): void;
}

export const scanHookOf = (
  config: Pick<Config, 'clamdUrl' | 'scanUnscanned'>,
  scanner?: Scanner,
): ScanHook => ({
  intake: scanIntakeOf(config),
  wake: () => scanner?.wake(),
});
