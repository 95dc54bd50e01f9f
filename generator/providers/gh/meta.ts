import { createHash } from "node:crypto";
import { jsonReply, readResource } from "../../core/compute.js";
import type { ComputeHandler, JsonObject, Resource } from "../../core/provider.js";
import type { ComputedRoute } from "../../core/define-provider.js";
import type { GhContext } from "./context.js";

/**
 * `GET /meta`, the probe an Enterprise client makes to tell github.com from a GitHub Enterprise Server
 * and to read its version (issue 37). Two layouts, two bodies, as the two services answer:
 *
 * - the bare path is api.github.com's "Api Overview" (@octokit/openapi api.github.com, `GET /meta`, its
 *   example's key order): `verifiable_password_authentication: false` (github.com has refused
 *   passwords for git and the API since 2021), the SSH host keys and their SHA-256 fingerprints, the
 *   address ranges of each service and the web domains. No `installed_version`: that is what clients
 *   read as "this is github.com".
 * - under the `/api/v3` mount it is a GitHub Enterprise Server's: `verifiable_password_authentication`
 *   (built-in authentication, so true) and `installed_version`, the body GHES documents (its 2.18
 *   example and the 3.19 description, whose other fields, `packages` and `domains`, are optional and
 *   name services this pin does not run). Every answer under the mount also carries
 *   `X-GitHub-Enterprise-Version` (index.ts `mountHeaders`).
 *
 * The addresses are RFC 5737's documentation ranges and the SSH keys well-formed key blobs drawn from
 * the pin's name: this universe serves no SSH and owns no addresses, and nothing here claims GitHub's.
 */

/** The newest GitHub Enterprise Server whose REST description @octokit/openapi publishes (ghes-3.19). */
export const GHES_VERSION = "3.19.0";

/** `ssh-*` wire-format strings and integers (RFC 4251): a 4-byte length, then the bytes. */
function sshString(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** `n` bytes drawn from a label: SHA-256 in counter mode, the same bytes for the same label. */
function drawn(label: string, n: number): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; parts.length * 32 < n; i++) parts.push(createHash("sha256").update(`${label}/${i}`).digest());
  return Buffer.concat(parts).subarray(0, n);
}

/** The three host keys GitHub lists, as OpenSSH prints them, with their blobs. */
function hostKeys(seed: string): Array<{ type: string; blob: Buffer; fingerprint: string }> {
  const text = (s: string) => sshString(Buffer.from(s));
  const ed25519 = Buffer.concat([text("ssh-ed25519"), sshString(drawn(`${seed}/ed25519`, 32))]);
  const point = Buffer.concat([Buffer.from([4]), drawn(`${seed}/ecdsa`, 64)]);
  const ecdsa = Buffer.concat([text("ecdsa-sha2-nistp256"), text("nistp256"), sshString(point)]);
  // An RSA modulus of 3072 bits, odd, top bit set (so mpint's leading zero byte).
  const modulus = drawn(`${seed}/rsa`, 384);
  modulus[0]! |= 0x80;
  modulus[383]! |= 1;
  const rsa = Buffer.concat([text("ssh-rsa"), sshString(Buffer.from([1, 0, 1])), sshString(Buffer.concat([Buffer.from([0]), modulus]))]);
  const fingerprint = (blob: Buffer) => createHash("sha256").update(blob).digest("base64").replace(/=+$/, "");
  return [
    { type: "ssh-ed25519", blob: ed25519, fingerprint: fingerprint(ed25519) },
    { type: "ecdsa-sha2-nistp256", blob: ecdsa, fingerprint: fingerprint(ecdsa) },
    { type: "ssh-rsa", blob: rsa, fingerprint: fingerprint(rsa) },
  ];
}

/** api.github.com's `/meta`, for this pin's universe. */
export function metaResource(gh: GhContext): Resource {
  const [ed25519, ecdsa, rsa] = hostKeys(`${gh.pin.pin.name}/ssh-host-keys`);
  const domain = new URL(gh.web).hostname;
  // One documentation block per service family (RFC 5737: 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24).
  const web = ["192.0.2.0/28"];
  const api = ["192.0.2.16/28"];
  const git = ["192.0.2.0/28", "192.0.2.16/28"];
  const body: JsonObject = {
    verifiable_password_authentication: false,
    ssh_key_fingerprints: { SHA256_ECDSA: ecdsa!.fingerprint, SHA256_ED25519: ed25519!.fingerprint, SHA256_RSA: rsa!.fingerprint },
    ssh_keys: [ed25519!, ecdsa!, rsa!].map((k) => `${k.type} ${k.blob.toString("base64")}`),
    hooks: ["198.51.100.0/28"],
    github_enterprise_importer: ["198.51.100.16/28"],
    web,
    api,
    git,
    packages: ["198.51.100.32/28"],
    pages: ["198.51.100.48/28"],
    importer: ["198.51.100.64/28"],
    actions: ["203.0.113.0/26"],
    actions_macos: ["203.0.113.64/28"],
    codespaces: ["203.0.113.80/28"],
    dependabot: ["203.0.113.96/28"],
    copilot: ["203.0.113.112/28"],
    domains: {
      website: [domain, `*.${domain}`],
      codespaces: [`*.${domain}`],
      copilot: [`*.${domain}`],
      packages: [`*.${domain}`],
    },
  };
  return { path: "meta", body };
}

/** The bare path answers api.github.com's body as the build wrote it; the mount answers a GHES's. */
const meta: ComputeHandler = async (input) => {
  const dotcom = await readResource(input, "meta");
  if (dotcom === undefined)
    return jsonReply(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" });
  if (input.mount === undefined) return jsonReply(200, dotcom);
  return jsonReply(200, { verifiable_password_authentication: true, installed_version: GHES_VERSION });
};

export const metaRoutes: ComputedRoute[] = [{ method: "GET", path: "^meta$", handler: "meta", run: meta }];
