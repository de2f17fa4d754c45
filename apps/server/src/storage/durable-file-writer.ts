import { close, fdatasync, fsync, open, writev } from 'node:fs';
import { Writable } from 'node:stream';

/**
 * Bytes gathered before one `writev`. A socket hands an upload over in 64 KiB chunks, and a write per chunk
 * (what `fs.createWriteStream` does whenever the disk keeps up) is 16,000 trips to the thread pool per GiB,
 * each a worker thread woken and a system call; on a 2-core machine they cost an upload about as much as its
 * SHA-256 (bench/ `upload`). Gathered by the MiB, they are 1,000.
 *
 * What is gathered stays in memory, and for longer than a chunk written at once, so more of the sockets'
 * garbage outlives V8's young generation: 8 uploads gathering 1 MiB each peaked 35–50 MB higher than writing
 * every chunk at once (bench/ `rss`). So the files being written share `GATHER_BUDGET_BYTES`: one upload alone
 * gathers `MAX_BATCH_BYTES`, several gather less each, down to `MIN_BATCH_BYTES`.
 */
export const MAX_BATCH_BYTES = 1024 * 1024;
export const MIN_BATCH_BYTES = 256 * 1024;
const GATHER_BUDGET_BYTES = 2 * 1024 * 1024;
/** Chunks gathered at most before a write, whatever their size: a client dribbling bytes makes tiny chunks. */
const MAX_BATCH_CHUNKS = 256;

/** What one file gathers before a write while `filesOpen` files are being written. */
export const batchBytesFor = (filesOpen: number) =>
  Math.max(
    MIN_BATCH_BYTES,
    Math.min(MAX_BATCH_BYTES, Math.floor(GATHER_BUDGET_BYTES / Math.max(1, filesOpen))),
  );

/** Files being written now, in this process. */
let filesOpen = 0;

/**
 * How far the disk may lag behind the writing before one `fdatasync` is started (and not waited for). A file
 * must be on disk before its row is committed, and flushing a whole 1 GiB file only at its end made an upload
 * wait for all of it at once (a fifth of its time); flushed behind, the final `fsync` finds only the tail left.
 */
export const FLUSH_BEHIND_BYTES = 32 * 1024 * 1024;

type Done = (error?: Error | null) => void;

/**
 * Writes a new file (it must not exist) from a stream and makes it durable: `finish` comes only once every byte
 * is written and the file is fsynced and closed. Chunks are gathered as they came (never copied) into batches,
 * each one `writev`; while one is written, the next chunks wait in the stream's own buffer. The file is flushed
 * behind the writing. Destroyed (an aborted body, a failed write), it closes the file once no call on it is
 * running; removing the half-written file is the caller's business.
 */
export class DurableFileWriter extends Writable {
  /** Bytes written to the file so far (a batch counts once its write is done). */
  bytesWritten = 0;
  private readonly file: string;
  private fd = -1;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private flushedTo = 0;
  private flushing = false;
  /** System calls on `fd` in progress (a write and a flush may overlap); the file is closed when none is. */
  private running = 0;
  private readonly whenIdle: (() => void)[] = [];

  constructor(file: string) {
    // What is taken in while a batch is written. Less (64 KiB) stalled the socket at every write: 0.68× the
    // baseline instead of 0.91×; more (1 MiB) cost 25 MB more under 8 uploads.
    super({ highWaterMark: 256 * 1024 });
    this.file = file;
  }

  override _construct(done: Done) {
    open(this.file, 'wx', (error, fd) => {
      if (!error) {
        this.fd = fd;
        filesOpen++;
      }
      done(error);
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: Done) {
    this.hold(chunk);
    this.writeHeldIfFull(done);
  }

  override _writev(chunks: { chunk: Buffer }[], done: Done) {
    for (const { chunk } of chunks) this.hold(chunk);
    this.writeHeldIfFull(done);
  }

  override _final(done: Done) {
    this.writeHeld((error) => {
      if (error) return done(error);
      this.run(
        (finished) => fsync(this.fd, finished),
        (syncError) => (syncError ? done(syncError) : this.closeFile(done)),
      );
    });
  }

  override _destroy(error: Error | null, done: Done) {
    this.held = [];
    this.closeFile((closeError) => done(error ?? closeError));
  }

  private hold(chunk: Buffer) {
    this.held.push(chunk);
    this.heldBytes += chunk.length;
  }

  private writeHeldIfFull(done: Done) {
    if (this.heldBytes < batchBytesFor(filesOpen) && this.held.length < MAX_BATCH_CHUNKS) done();
    else this.writeHeld(done);
  }

  /** Writes what is held, all of it: a short write (rare on a file, but allowed) goes on with the rest. */
  private writeHeld(done: Done) {
    let buffers = this.held;
    this.held = [];
    this.heldBytes = 0;
    const next = () => {
      if (this.destroyed) return done();
      if (!buffers.length) {
        this.flushBehind();
        return done();
      }
      this.run<number>(
        (finished) => writev(this.fd, buffers, this.bytesWritten, finished),
        (error, written = 0) => {
          if (error) return done(error);
          this.bytesWritten += written;
          buffers = unwritten(buffers, written);
          next();
        },
      );
    };
    next();
  }

  /** Starts an `fdatasync` once the disk lags `FLUSH_BEHIND_BYTES`; a failure shows again in the fsync. */
  private flushBehind() {
    if (this.flushing || this.bytesWritten - this.flushedTo < FLUSH_BEHIND_BYTES) return;
    this.flushedTo = this.bytesWritten;
    this.flushing = true;
    this.run(
      (finished) => fdatasync(this.fd, finished),
      () => {
        this.flushing = false;
      },
    );
  }

  private run<T>(
    call: (finished: (error: Error | null, result?: T) => void) => void,
    then: (error: Error | null, result?: T) => void,
  ) {
    this.running++;
    call((error, result) => {
      this.running--;
      then(error, result);
      if (!this.running) for (const waiting of this.whenIdle.splice(0)) waiting();
    });
  }

  private afterRunning(then: () => void) {
    if (this.running) this.whenIdle.push(then);
    else then();
  }

  /** Closes the file once no call on it runs: a flush behind may outlast the last write, even the fsync. */
  private closeFile(done: Done) {
    this.afterRunning(() => {
      const fd = this.fd;
      this.fd = -1;
      if (fd < 0) return done();
      filesOpen--;
      close(fd, (error) => done(error));
    });
  }
}

/** The buffers, or the parts of them, after the first `written` bytes. */
function unwritten(buffers: Buffer[], written: number): Buffer[] {
  let skip = written;
  let first = 0;
  while (first < buffers.length && skip >= buffers[first]!.length) skip -= buffers[first++]!.length;
  const rest = buffers.slice(first);
  if (skip > 0 && rest.length) rest[0] = rest[0]!.subarray(skip);
  return rest;
}
