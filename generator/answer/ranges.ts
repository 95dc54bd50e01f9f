import type { Reply } from "./reply.js";

/**
 * A Range header applied to a complete answer, as RFC 9110 §14 states it, for answers held whole in
 * memory (a file spliced to the request's origin, decision 0027). The static path's ranges are
 * serve-handler's.
 *
 * - A unit other than `bytes`, or a header that does not parse, is ignored: the whole answer, 200.
 * - One satisfiable range: 206 with `Content-Range: bytes a-b/size` and those bytes.
 * - One range that starts past the end (or a zero-length suffix): 416 with a Content-Range that names
 *   only the size (an asterisk for the range), and no body.
 * - Several ranges: the whole answer, 200, which the RFC allows a server to send instead of
 *   `multipart/byteranges`; never only the first range.
 * Only a 200 to a GET with an identity body is ranged.
 */
export function withRange(out: Reply, method: string, range: string | undefined): Reply {
  if (range === undefined || method !== "GET" || out.status !== 200 || !out.body) return out;
  if (out.headers.some(([k, v]) => k.toLowerCase() === "content-encoding" && v !== "identity")) return out;
  const size = out.body.length;
  const asked = parseRange(range, size);
  if (asked === "whole") return out;
  const rest = out.headers.filter(([k]) => !["content-length", "content-range", "accept-ranges"].includes(k.toLowerCase()));
  if (asked === "unsatisfiable")
    return { status: 416, headers: [...rest, ["content-range", `bytes */${size}`], ["content-length", "0"]], body: Buffer.alloc(0) };
  const body = out.body.subarray(asked.start, asked.end + 1);
  return {
    status: 206,
    headers: [
      ...rest,
      ["accept-ranges", "bytes"],
      ["content-range", `bytes ${asked.start}-${asked.end}/${size}`],
      ["content-length", String(body.length)],
    ],
    body,
  };
}

/** One byte range (inclusive), the whole representation, or a range past its end. */
export function parseRange(header: string, size: number): { start: number; end: number } | "whole" | "unsatisfiable" {
  const m = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!m) return "whole";
  const specs = m[1]!.split(",").map((s) => s.trim());
  if (specs.length !== 1) return "whole";
  const spec = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!spec || (spec[1] === "" && spec[2] === "")) return "whole";
  if (spec[1] === "") {
    // A suffix: the last n bytes.
    const n = Number(spec[2]);
    if (n === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(spec[1]);
  // A last position before the first is invalid syntax (ignored); a first position past the end is not.
  if (spec[2] !== "" && Number(spec[2]) < start) return "whole";
  if (start >= size) return "unsatisfiable";
  const end = spec[2] === "" ? size - 1 : Number(spec[2]);
  return { start, end: Math.min(end, size - 1) };
}
