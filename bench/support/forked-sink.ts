/**
 * A benchmark's receiving server (bench/support/*-sink.mjs) in its own process, as a real one would
 * be: what is measured does not share its event loop with the server. The child sends `{ port }`
 * once listening and answers each question on IPC with one message; it exits when disconnected.
 */
import { fork } from "node:child_process";

export async function forkSink(script: URL) {
  const child = fork(script, [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const next = <T>() => new Promise<T>((resolve) => child.once("message", (message) => resolve(message as T)));
  const { port } = await next<{ port: number }>();
  return {
    port,
    /** Sends `question` and resolves with the child's answer. */
    ask: async <T>(question: string) => {
      const answer = next<T>();
      child.send(question);
      return answer;
    },
    /** Sends a message that gets no answer. */
    tell: (message: string) => void child.send(message),
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.disconnect();
      }),
  };
}
