/** What the lifecycle tests share. */

/** Lets pending promise callbacks run: resolves in a later task (a message, not a timer). */
export const settled = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });

/** Whether `promise` has settled by the next task. */
export async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await settled();
  return done;
}
