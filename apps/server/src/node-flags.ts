/**
 * V8 settings the server runs with: `npm start` and `npm run dev` pass them on the command line (a test keeps the
 * scripts equal to this list) and the bench starts its server with them.
 *
 * `--max-semi-space-size=2` (MB; Node's default lets the young generation grow to 16 MB per half): buffers that a
 * socket read allocates are freed only when the young generation is collected, and with a large one, eight
 * concurrent uploads piled up some 80–120 MB of them between collections, on top of the 32 MB the young
 * generation itself holds. A smaller one is collected more often for the same work: the server's peak memory
 * under upload load fell from 290–308 MB to about 220 MB (4 MB gave 210–264 MB, too close to the 250 MB target),
 * with the same request throughput (bench/, `rss` and `list`).
 *
 * `--heap-growing-percent=100`: V8 set the old generation's limit only ~10 MB above the live heap (~35 MB of
 * modules and state), so the socket buffers of an upload set off a full collection about every 100 ms, and its
 * marking threads used more CPU than the upload itself. Letting the old generation grow by 100% between
 * collections cut an upload's server CPU from 3.9 to 2.0 s per GiB (bench/, `upload`); peak memory stayed
 * ~220–235 MB.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=2', '--heap-growing-percent=100'];
