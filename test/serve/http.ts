import { request } from "node:http";
import { connect } from "node:net";

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
