import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { AppError } from '../http/app-error.ts';
import { tooSlow } from './uploads.errors.ts';

/** The slowest a request body may arrive: on average `minBytesPerSecond` over any `windowSeconds`. */
export interface BodyRateFloor {
  minBytesPerSecond: number;
  windowSeconds: number;
}

/** Samples per window: a body that falls below the floor is caught at most a quarter of a window late. */
const SAMPLES_PER_WINDOW = 4;

/**
 * Watches a request body arrive and calls `onTooSlow` once when, over the last `windowSeconds`, fewer than
 * `minBytesPerSecond × windowSeconds` bytes came. It reads the socket's byte count on a timer, a few times per
 * window, so the bytes themselves cost nothing. Only waiting for the client counts: when the server is the one
 * behind (the request is paused, or holds bytes nobody has read yet, because the disk or the store is slower than
 * the link), the window starts again. Stops by itself once the body is complete or the socket is gone; the
 * function returned stops it too. A floor of 0 watches nothing.
 */
export function watchBodyRate(
  request: IncomingMessage,
  floor: BodyRateFloor,
  onTooSlow: () => void,
): () => void {
  const { socket } = request;
  if (floor.minBytesPerSecond <= 0 || !socket) return () => {};
  const minBytes = floor.minBytesPerSecond * floor.windowSeconds;
  // Bytes read by the socket at each sample, oldest first; the first is the window's start.
  const samples = [socket.bytesRead];
  const timer = setInterval(
    () => {
      if (request.complete || socket.destroyed) return stop();
      if (request.isPaused() || request.readableLength > 0) samples.length = 0;
      samples.push(socket.bytesRead);
      if (samples.length <= SAMPLES_PER_WINDOW) return;
      const received = samples.at(-1)! - samples.shift()!;
      if (received < minBytes) {
        stop();
        onTooSlow();
      }
    },
    (floor.windowSeconds * 1000) / SAMPLES_PER_WINDOW,
  );
  timer.unref();
  const stop = () => clearInterval(timer);
  return stop;
}

/** The watch over an upload body's pace; `tooSlow` is set once it was cut off. */
export interface BodyPace {
  tooSlow: AppError | undefined;
  stop(): void;
}

/**
 * Cuts off a multipart upload whose body arrives slower than the floor (UPLOAD_MIN_BYTES_PER_SECOND over
 * UPLOAD_RATE_WINDOW_SECONDS): its reading fails with 408 `uploads.too_slow`, so the upload's own clean-up runs and
 * the answer can still be written. Start it after `request.parts()`.
 */
export function cutOffSlowBody(
  config: { uploadMinBytesPerSecond: number; uploadRateWindowSeconds: number },
  request: FastifyRequest,
): BodyPace {
  const { uploadMinBytesPerSecond: minBytesPerSecond, uploadRateWindowSeconds: windowSeconds } = config;
  const pace: BodyPace = { tooSlow: undefined, stop: () => {} };
  pace.stop = watchBodyRate(request.raw, { minBytesPerSecond, windowSeconds }, () => {
    pace.tooSlow = tooSlow(minBytesPerSecond, windowSeconds);
    failBody(request.raw, pace.tooSlow);
  });
  return pace;
}

/**
 * Ends the reading of a multipart body with `error` while the socket stays open for the answer: @fastify/multipart
 * listens for the request's errors and fails the part being read (and so the blob write behind it) or the wait
 * for the next one with it, as when the client goes away. Without that listener, the request is destroyed.
 */
function failBody(request: IncomingMessage, error: Error) {
  try {
    if (request.listenerCount('error') > 0) return void request.emit('error', error);
  } catch {
    // A listener that throws in a timer would take the process down: the socket goes instead.
  }
  request.destroy(error);
}
