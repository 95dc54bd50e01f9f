import { mkdtempSync, rmSync } from "node:fs";
import { Agent } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "node:tls";
import { computeHandlers } from "../../../generator/providers/index.js";
import { createSnapHttpsServer } from "../../../generator/serve/server.js";
import { ensureCertificate } from "../../../generator/serve/tls.js";

/**
 * The project's HTTPS server over the test build (with the computed handlers), for clients that insist
 * on `https://` (@pagerduty/pdjs builds `https://<server>/<endpoint>`). Clients trust its self-signed
 * certificate through an `https.Agent` with it as their CA, which node-fetch (under pdjs) takes as its
 * `agent` option; `routed` also sends any host name to this server, as a DNS entry would.
 */
export interface LocalHttps {
  port: number;
  /** Trusts the certificate; connects where the URL says (127.0.0.1:port). */
  agent: Agent;
  /** Trusts the certificate and connects every host name to this server, checking it as `servedAs`. */
  routed(servedAs: string): Agent;
  close(): Promise<void>;
}

export async function startHttps(dist: string): Promise<LocalHttps> {
  const dir = mkdtempSync(join(tmpdir(), "snapverse-pd-tls-"));
  const cert = await ensureCertificate(dir, "snapverse.dev");
  const server = createSnapHttpsServer({ dist, compute: computeHandlers }, cert);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ ca: cert.cert, keepAlive: false });
  const routed = (servedAs: string) => {
    const a = new Agent({ ca: cert.cert, keepAlive: false });
    (a as unknown as { createConnection: unknown }).createConnection = () =>
      connect({ host: "127.0.0.1", port, servername: servedAs, ca: cert.cert });
    return a;
  };
  return {
    port,
    agent,
    routed,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
