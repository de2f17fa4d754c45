import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { releaseChunk } from '../storage/buffer-pool.ts';

/**
 * Sends the reply's status and headers, then the body's chunks straight into the socket, giving each pooled
 * chunk back to the buffer pool once the socket has taken its bytes (storage/buffer-pool.ts): what makes a
 * download or a zip allocate nothing per chunk. Fastify's own `send(stream)` pipes, which never says when a
 * chunk has left, so the reply is taken over here; Fastify still logs it and runs onResponse when it finishes.
 * A failure after the headers can only cut the connection, which the client sees as a short body.
 */
export async function sendBody(reply: FastifyReply, body: Readable): Promise<void> {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
  try {
    for await (const chunk of body) {
      const written = response.write(chunk, (error) => {
        if (!error) releaseChunk(chunk);
      });
      if (!written) await drained(response);
    }
    response.end();
  } catch (error) {
    if (!response.destroyed) reply.log.error({ err: error }, 'the body failed while it was being sent');
    body.destroy();
    response.destroy();
  }
}

/** Resolves when the response wants more, rejects when it closed (the client went away) first. */
function drained(response: ServerResponse): Promise<void> {
  if (response.destroyed) return Promise.reject(new Error('the response closed'));
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      response.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      response.off('drain', onDrain);
      reject(new Error('the response closed'));
    };
    response.once('drain', onDrain);
    response.once('close', onClose);
  });
}
