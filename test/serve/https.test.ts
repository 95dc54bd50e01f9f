import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { connect } from "node:tls";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createSnapHttpsServer } from "../../generator/serve/server.js";
import { ensureCertificate, type Certificate } from "../../generator/serve/tls.js";

const dist = inject("dist");
const tlsDir = mkdtempSync(join(tmpdir(), "snapverse-tls-"));
let cert: Certificate;
let server: ReturnType<typeof createSnapHttpsServer>;
let port = 0;

beforeAll(async () => {
  cert = await ensureCertificate(tlsDir, "snapverse.dev");
  server = createSnapHttpsServer({ dist }, cert);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(tlsDir, { recursive: true, force: true });
});

describe("HTTPS with the self-signed certificate", () => {
  it("is made once and reused on the next start", async () => {
    expect(cert.created).toBe(true);
    const again = await ensureCertificate(tlsDir, "snapverse.dev");
    expect(again.created).toBe(false);
    expect(again.cert).toBe(cert.cert);
  });

  // The child runs asynchronously: the server lives in this process and must keep answering.
  const client = (env: NodeJS.ProcessEnv) =>
    promisify(execFile)(
      process.execPath,
      ["test/serve/fixtures/octokit-over-https.mjs", `https://127.0.0.1:${port}/gh-2026-03-g5`, "lumenharbor"],
      { env, encoding: "utf8" },
    );

  it("serves @octokit/rest in a process that trusts it through NODE_EXTRA_CA_CERTS", async () => {
    const { stdout } = await client({ ...process.env, NODE_EXTRA_CA_CERTS: cert.certPath });
    expect(stdout).toBe('{"status":200,"login":"lumenharbor"}');
  });

  it.each(["localhost", "gh-2026-03-g5.snap.snapverse.dev", "gh.snapverse.dev", "catalog.snapverse.dev"])(
    "names %s",
    async (servername) => {
      const authorized = await new Promise<boolean>((resolve, reject) => {
        const socket = connect({ host: "127.0.0.1", port, servername, ca: cert.cert }, () => {
          resolve(socket.authorized);
          socket.end();
        });
        socket.on("error", reject);
      });
      expect(authorized).toBe(true);
    },
  );

  it("is refused by a client that does not trust it", async () => {
    const { NODE_EXTRA_CA_CERTS: _, ...env } = process.env;
    await expect(client(env)).rejects.toThrow(/self-signed|certificate/);
  });
});
