import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import { request } from "node:http";

/** A server started as a user starts it: a child process, waited on until its port answers, stopped by pid. */
export interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/** `command` runs under Node unless `program` names another executable (nginx). */
export async function start(
  command: string[],
  port: number,
  env: Record<string, string> = {},
  program = process.execPath,
): Promise<Started> {
  const child = spawn(program, command, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${command.join(" ")} exited (${child.exitCode}): ${out.slice(-2000)}`);
    if (await listening(port)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!(await listening(port))) throw new Error(`${command.join(" ")} did not listen on ${port} in 30 s: ${out.slice(-2000)}`);
  return {
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(child.pid!, "SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await once(child, "exit");
      clearTimeout(timer);
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One HTTP request with the path, Host and body exactly as given, on a fresh connection; nothing decoded. */
export function raw(
  port: number,
  host: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, path, method: init.method ?? "GET", headers: { host, ...(init.headers ?? {}) }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}
