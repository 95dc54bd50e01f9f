import { brotliCompressSync, brotliDecompressSync, constants, deflateSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { rawGet } from "./http.js";

const baseUrl = inject("baseUrl");
const pin = "gh-2026-03";
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const skip = only !== undefined && !only.includes(pin);

/**
 * Pre-rendered files are answered from memory in every encoding (serve/send-from-memory.ts): compressed once
 * per file, with the settings of the `compression` middleware that compresses every other answer, so a
 * client sees the same bytes whichever path served it.
 */
describe.skipIf(skip)("encodings of pre-rendered answers", () => {
  const big = `/${pin}/orgs/northwind/repos?per_page=100`;

  it("gives br, gzip and deflate as the middleware would, each the identity bytes once decoded", async () => {
    const identity = await rawGet(baseUrl, big);
    expect(identity.status).toBe(200);
    expect(identity.body.length).toBeGreaterThan(1_024);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers.vary).toBe("Accept-Encoding");
    // One of each header: the provider's own expose list replaces the generic one, as setHeader would.
    expect(identity.headers["access-control-expose-headers"]).toMatch(/^ETag, Link, Location, Retry-After, X-GitHub-OTP,[^,]/);
    expect(identity.headers["content-type"]).toBe("application/json; charset=utf-8");
    const expected: Record<string, Buffer> = {
      br: brotliCompressSync(identity.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: identity.body.length },
      }),
      gzip: gzipSync(identity.body),
      deflate: deflateSync(identity.body),
    };
    for (const [encoding, bytes] of Object.entries(expected)) {
      // Twice: the first answer compresses, the second is served from the cache.
      for (const round of [1, 2]) {
        const res = await rawGet(baseUrl, big, { "accept-encoding": encoding });
        expect(`${round} ${res.headers["content-encoding"]}`).toBe(`${round} ${encoding}`);
        expect(res.headers["content-length"]).toBe(String(bytes.length));
        expect(res.body.equals(bytes), `${encoding} #${round}`).toBe(true);
        expect(res.headers.etag).toBe(identity.headers.etag);
        expect(res.headers.link).toBe(identity.headers.link);
      }
    }
    expect(brotliDecompressSync(expected.br!).equals(identity.body)).toBe(true);
    expect(gunzipSync(expected.gzip!).equals(identity.body)).toBe(true);
  });

  it("prefers br, then gzip, honours q-values, and sends identity when nothing else is acceptable", async () => {
    const cases: Array<[string, string | undefined]> = [
      ["gzip, deflate, br", "br"],
      ["gzip;q=1, br;q=0.5", "gzip"],
      ["*", "br"],
      ["identity", undefined],
      ["compress", undefined],
      ["br;q=0, gzip;q=0", undefined],
    ];
    for (const [accept, want] of cases)
      expect((await rawGet(baseUrl, big, { "accept-encoding": accept })).headers["content-encoding"], accept).toBe(want);
  });

  it("sends small bodies and HEAD as they are, and revalidates with the same ETag in any encoding", async () => {
    const small = await rawGet(baseUrl, `/${pin}/repos/northwind/auth-service/hooks`, { "accept-encoding": "br" });
    expect(small.body.length).toBeLessThan(1_024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    const head = await rawGet(baseUrl, big, { "accept-encoding": "gzip" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.body.length).toBe(0);
    const identity = await rawGet(baseUrl, big);
    expect(head.headers["content-length"]).toBe(String(identity.body.length));
    const revalidated = await rawGet(baseUrl, big, { "accept-encoding": "br", "if-none-match": String(identity.headers.etag) });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it("serves a byte range of the identity bytes (through serve-handler)", async () => {
    const identity = await rawGet(baseUrl, big);
    const range = await rawGet(baseUrl, big, { range: "bytes=10-99", "accept-encoding": "identity" });
    expect(range.status).toBe(206);
    expect(range.headers["content-range"]).toBe(`bytes 10-99/${identity.body.length}`);
    expect(range.body.equals(identity.body.subarray(10, 100))).toBe(true);
  });
});
