import { createHash } from "node:crypto";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gitRepository, storedZlib } from "../../generator/core/git-http.js";
import { ObjectStore } from "../../generator/world/git.js";

describe("git over dumb HTTP (core/git-http.ts)", () => {
  it("writes zlib streams of stored blocks that zlib inflates back to the same bytes, across block boundaries", () => {
    for (const size of [0, 1, 65_534, 65_535, 65_536, 131_071, 200_001]) {
      const data = createHash("sha256")
        .update(String(size))
        .digest()
        .toString("hex")
        .repeat(Math.ceil(size / 64))
        .slice(0, size);
      const bytes = Buffer.from(data, "latin1");
      const stream = storedZlib(bytes);
      expect(inflateSync(stream).equals(bytes), `size ${size}`).toBe(true);
      // Stored blocks: the stream is the data, 5 bytes per block, 2 of header and 4 of checksum.
      expect(stream.length).toBe(bytes.length + 5 * Math.max(1, Math.ceil(size / 65_535)) + 6);
    }
  });

  it("serves refs sorted by name, HEAD as a symbolic ref, and every object loose under its own id", () => {
    const store = new ObjectStore();
    const blob = store.putBlob("hello\n");
    const tree = store.putTree(new Map([["README.md", blob]]));
    const person = { name: "A", email: "a@example.com", at: 1_700_000_000_000, offsetMinutes: 60 };
    const commit = store.putCommit({ tree, parents: [], author: person, committer: person, message: "first" });
    // The id git gives "hello\n" as a blob.
    expect(blob).toBe("ce013625030ba8dba906f756967f9e9ca394464a");
    const resources = [
      ...gitRepository("acme/api.git", store, {
        head: "main",
        branches: [{ name: "main", sha: commit.sha }],
        tags: [{ name: "v1", sha: commit.sha }],
      }),
    ];
    const text = (path: string) => {
      const body = resources.find((r) => r.path === path)?.body as { raw: string } | undefined;
      return body?.raw;
    };
    expect(text("acme/api.git/info/refs")).toBe(`${commit.sha}\trefs/heads/main\n${commit.sha}\trefs/tags/v1\n`);
    expect(text("acme/api.git/HEAD")).toBe("ref: refs/heads/main\n");
    const loose = resources.filter((r) => /\/objects\/[0-9a-f]{2}\//.test(r.path));
    expect(loose.map((r) => r.path.slice(-41).replace("/", "")).join(",")).toBe([blob, tree, commit.sha].sort().join(","));
    for (const r of loose) {
      const inflated = inflateSync((r.body as { raw: Buffer }).raw);
      expect(createHash("sha1").update(inflated).digest("hex")).toBe(r.path.slice(-41).replace("/", ""));
    }
  });
});
