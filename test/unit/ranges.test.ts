import { describe, expect, it } from "vitest";
import { parseRange, withRange } from "../../generator/answer/ranges.js";
import type { Reply } from "../../generator/answer/reply.js";

/** RFC 9110 §14 on an answer held whole (answer/ranges.ts): what is ranged, ignored or refused. */
describe("byte ranges of a whole answer", () => {
  const body = Buffer.from("0123456789abcdefghij");
  const out: Reply = {
    status: 200,
    headers: [
      ["content-type", "application/json"],
      ["content-length", "20"],
    ],
    body,
  };
  const shown = (r: Reply) => `${r.status} ${r.headers.map(([k, v]) => `${k}=${v}`).join(";")} ${r.body?.toString() ?? ""}`;

  it("answers one satisfiable range with 206, its Content-Range and those bytes", () => {
    expect(shown(withRange(out, "GET", "bytes=2-5"))).toBe(
      "206 content-type=application/json;accept-ranges=bytes;content-range=bytes 2-5/20;content-length=4 2345",
    );
    expect(withRange(out, "GET", "bytes=15-").body!.toString()).toBe("fghij");
    expect(withRange(out, "GET", "bytes=-3").body!.toString()).toBe("hij");
    expect(withRange(out, "GET", "bytes=18-99").headers.find(([k]) => k === "content-range")![1]).toBe("bytes 18-19/20");
  });

  it("refuses a range past the end with 416, Content-Range bytes */size and no body", () => {
    expect(shown(withRange(out, "GET", "bytes=20-"))).toBe("416 content-type=application/json;content-range=bytes */20;content-length=0 ");
    expect(withRange(out, "GET", "bytes=-0").status).toBe(416);
  });

  it("ignores an unknown unit, a malformed range and several ranges: the whole answer, never the first range alone", () => {
    for (const header of ["items=0-5", "bytes=5-2", "bytes=x-y", "bytes=", "bytes=0-1,4-5"])
      expect(withRange(out, "GET", header), header).toBe(out);
    expect(parseRange("bytes=0-1, 4-5", 20)).toBe("whole");
  });

  it("leaves a HEAD, a non-200 and an encoded body alone", () => {
    expect(withRange(out, "HEAD", "bytes=0-1")).toBe(out);
    const gzip: Reply = { ...out, headers: [...out.headers, ["content-encoding", "gzip"]] };
    expect(withRange(gzip, "GET", "bytes=0-1")).toBe(gzip);
    const missing: Reply = { ...out, status: 404 };
    expect(withRange(missing, "GET", "bytes=0-1")).toBe(missing);
  });
});
