import { request } from "node:http";
import { once } from "node:events";
import { connect, createServer } from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** An HTTP request with the path sent exactly as given: fetch and URL would normalize `..` and encodings away. */
export function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Bytes straight onto a socket: for request lines and headers that no HTTP client would send. */
export function rawSocket(baseUrl: string, bytes: string, waitMs = 2_000): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    let out = "";
    socket.on("data", (d) => (out += d.toString("latin1")));
    const done = () => resolve(out);
    socket.on("close", done);
    socket.on("error", done);
    setTimeout(() => socket.destroy(), waitMs).unref();
  });
}

/** A TCP port free on loopback right now, for a server a test starts itself. */
export async function freePort(): Promise<number> {
  const s = createServer().listen(0, "127.0.0.1");
  await once(s, "listening");
  const { port } = s.address() as { port: number };
  s.close();
  return port;
}
