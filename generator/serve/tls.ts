import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import { schemeOf } from "../answer/origin.js";
import { generate } from "selfsigned";

export interface Certificate {
  certPath: string;
  keyPath: string;
  cert: string;
  key: string;
  created: boolean;
}

/**
 * The self-signed certificate for the HTTPS port, made on first start and kept in `dir`. It names
 * localhost, the loopback addresses, and the pin, live and catalog hosts of the service domain, so a
 * client that trusts it (NODE_EXTRA_CA_CERTS=<certPath>) can use either routing style over https.
 */
export async function ensureCertificate(dir: string, domain: string): Promise<Certificate> {
  const certPath = join(dir, "snapverse-cert.pem");
  const keyPath = join(dir, "snapverse-key.pem");
  if (existsSync(certPath) && existsSync(keyPath)) {
    return { certPath, keyPath, cert: readFileSync(certPath, "utf8"), key: readFileSync(keyPath, "utf8"), created: false };
  }
  mkdirSync(dir, { recursive: true });
  // Validity is real time, as a TLS client checks it; the certificate never reaches a pin's bytes.
  const now = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  const pems = await generate([{ name: "commonName", value: "snapverse local" }], {
    keySize: 2048,
    algorithm: "sha256",
    notBeforeDate: new Date(now.getTime() - 86_400_000),
    notAfterDate: new Date(now.getTime() + 825 * 86_400_000),
    extensions: [
      // A self-signed certificate trusted directly: it is its own issuer, so it may sign (itself).
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, keyCertSign: true, critical: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
          { type: 7, ip: "::1" },
          { type: 2, value: domain },
          { type: 2, value: `*.${domain}` },
          { type: 2, value: `*.snap.${domain}` },
        ],
      },
    ] as never,
  });
  writeFileSync(keyPath, pems.private, { mode: 0o600 });
  writeFileSync(certPath, pems.cert);
  return { certPath, keyPath, cert: pems.cert, key: pems.private, created: true };
}

/** The scheme a request to this server came in on: X-Forwarded-Proto as a proxy set it, else its socket's. */
export function requestScheme(req: IncomingMessage): "http" | "https" {
  return schemeOf(req.headers, (req.socket as TLSSocket).encrypted === true);
}
