import { connect, type Socket } from "node:net";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";

/**
 * The companion server as an HTTPS proxy for its own names only (decision 0029). A client that can
 * reach a host-style name (`<pin>.snap.<domain>`) only on port 443 and only through DNS, as the gh CLI
 * and git do for a GitHub Enterprise host, sets `HTTPS_PROXY=http://127.0.0.1:<port>`: it then sends
 * `CONNECT <name>:443`, and the server tunnels the connection to its own TLS listener, where the name
 * arrives in the SNI and the Host header as if DNS had pointed it here. Nothing else is proxied: any
 * other target gets a 403 naming what is tunneled, and a server without HTTPS a 405, each a complete
 * HTTP answer (a CONNECT without a listener would otherwise be a closed socket).
 */
export interface TunnelOptions {
  /** The catalog's service domain, read per request (the dist/ may be rebuilt under a running server). */
  domain: () => string | undefined;
  /** The port of this server's TLS listener, undefined when it serves HTTP only. */
  httpsPort: number | undefined;
  /** Closes a tunnel that carried nothing for this long. */
  idleMs: number;
  log?: (line: Record<string, unknown>) => void;
}

const JSON_TYPE = "application/json; charset=utf-8";

/** The names a CONNECT may aim at: the service domain and every name under it, localhost and the loopback addresses. */
export function ownName(name: string, domain: string | undefined): boolean {
  const host = name.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host === "127.0.0.1" || host === "::1") return true;
  return domain !== undefined && (host === domain || host.endsWith(`.${domain}`));
}

/** `host:port` of a CONNECT request target (RFC 9110 §9.3.6: authority-form), IPv6 in brackets. */
export function authority(target: string | undefined): { host: string; port: number } | undefined {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/.exec(target ?? "");
  if (!m) return undefined;
  const port = Number(m[3]);
  return port > 0 && port < 65536 ? { host: (m[1] ?? m[2])!, port } : undefined;
}

export function acceptTunnels(server: Server, options: TunnelOptions): void {
  server.on("connect", (req: IncomingMessage, client: Duplex, head: Buffer) => {
    const aim = authority(req.url);
    const refuse = (status: string, extra: string[], message: string) => {
      const body = JSON.stringify({ error: "tunnel_refused", message });
      const lines = [`HTTP/1.1 ${status}`, `content-type: ${JSON_TYPE}`, `content-length: ${Buffer.byteLength(body)}`, ...extra];
      options.log?.({ method: "CONNECT", url: req.url?.slice(0, 300), status: Number(status.slice(0, 3)) });
      client.end(`${lines.join("\r\n")}\r\nconnection: close\r\n\r\n${body}`);
    };
    client.on("error", () => client.destroy());
    if (options.httpsPort === undefined)
      return refuse(
        "405 Method Not Allowed",
        ["allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"],
        "This server serves HTTP only: no tunnel.",
      );
    const domain = options.domain();
    if (!aim) return refuse("400 Bad Request", [], "CONNECT takes host:port.");
    // Port 443 is the one a name's https URL implies; the TLS port itself is what a client given it names.
    if (!ownName(aim.host, domain) || (aim.port !== 443 && aim.port !== options.httpsPort))
      return refuse(
        "403 Forbidden",
        [],
        `This server tunnels only to its own HTTPS listener: CONNECT <name>:443 for localhost or a name under ${domain ?? "its domain"}.`,
      );
    const upstream: Socket = connect(options.httpsPort, "127.0.0.1");
    let connected = false;
    const close = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.setTimeout(options.idleMs, close);
    upstream.on("error", () => {
      if (!connected) refuse("502 Bad Gateway", [], "The HTTPS listener did not answer.");
      else close();
    });
    upstream.once("connect", () => {
      connected = true;
      options.log?.({ method: "CONNECT", url: req.url?.slice(0, 300), status: 200 });
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
}
