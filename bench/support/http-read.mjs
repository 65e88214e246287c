/**
 * Downloads one URL in a child process and counts its bytes and lines, timing itself from the
 * request to the last byte: the registrations benchmark's CSV client, kept out of the server's
 * process (its event loop, and its memory, which the benchmark measures), as psql, the other side
 * of the comparison, is its own process. The job comes as JSON in argv[2]; the result goes back
 * over the IPC channel. Plain JavaScript: no TypeScript loader in the child.
 */

/** @param {{ url: string, headers: Record<string, string> }} job */
async function read(job) {
  const started = performance.now();
  const response = await fetch(job.url, { headers: job.headers });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  }
  return { status: response.status, bytes, lines, seconds: (performance.now() - started) / 1000 };
}

process.send(await read(JSON.parse(process.argv[2])), () => process.exit(0));
