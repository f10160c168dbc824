/**
 * A request body for the Node adapter (serve.ts), capped: the one part of a
 * request that `@hono/node-server` gives uncapped. Nothing of it is read until
 * the handler reads it; more than the cap errors it with {@link BodyTooLarge}
 * and reads no further; a handler that stops reading leaves the rest unread
 * (serve.ts then closes the connection after the answer).
 */
import type { IncomingMessage } from 'node:http';

/** The request body went over the adapter's cap while the handler read it. */
export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

/** Whether the request carries a body at all (declared length above 0, or chunked). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

/** What the adapter learns while a handler reads one request's body. */
export interface BodyState {
  tooLarge: boolean;
}

/**
 * The body of `req` as a stream nothing reads until the handler does; more
 * than `limit` bytes errors it with {@link BodyTooLarge} and stops reading.
 */
export function cappedBody(
  req: IncomingMessage,
  limit: number,
  state: BodyState,
): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      chunks ??= req[Symbol.asyncIterator]();
      const { done, value } = await chunks.next();
      if (done) return controller.close();
      size += value.length;
      if (size > limit) {
        state.tooLarge = true;
        controller.error(new BodyTooLarge());
        return;
      }
      controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.length));
    },
    cancel() {
      // Nothing more is read: the connection is closed after the answer (serve.ts).
      req.pause();
    },
  });
}
