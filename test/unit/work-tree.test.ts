import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gitObjectId, ObjectStore, WorkTree } from "../../generator/world/git.js";

/**
 * The tree id git gives a snapshot of paths -> blob ids, made from scratch here, as a reference for the
 * work tree's incremental ids: each folder's entries sorted bytewise (a folder's name compared as if it
 * ended in "/"), each written as "<mode> <name>\0" and the 20-byte id.
 */
function referenceTreeId(files: ReadonlyMap<string, string>, prefix = ""): string {
  const entries = new Map<string, { folder: boolean; id: string }>();
  for (const [path, blob] of files) {
    if (!path.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    const slash = rest.indexOf("/");
    if (slash === -1) {
      if (!entries.get(rest)?.folder) entries.set(rest, { folder: false, id: blob });
    } else {
      const name = rest.slice(0, slash);
      if (!entries.get(name)?.folder) entries.set(name, { folder: true, id: referenceTreeId(files, `${prefix}${name}/`) });
    }
  }
  const key = ([name, e]: [string, { folder: boolean }]) => (e.folder ? `${name}/` : name);
  const sorted = [...entries].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const body = Buffer.concat(
    sorted.flatMap(([name, e]) => [Buffer.from(`${e.folder ? "40000" : "100644"} ${name}\0`), Buffer.from(e.id, "hex")]),
  );
  return gitObjectId("tree", body);
}

const PATHS = ["README.md", "src/a.ts", "src/b.ts", "src/lib/c.ts", "src/lib/deep/d.ts", "test/a.test.ts", "docs/x/y/z.md"];

/** One step: set a path in one of the trees, fork one, or write one and compare its id. */
const step = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), tree: fc.nat(), path: fc.constantFrom(...PATHS), content: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant("fork" as const), tree: fc.nat() }),
  fc.record({ kind: fc.constant("write" as const), tree: fc.nat() }),
);

describe("work tree (world/git.ts)", () => {
  it("gives the empty tree git's id for it", () => {
    expect(new WorkTree().write(new ObjectStore())).toBe("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
  });

  it(
    "gives every snapshot the id a tree made from scratch has, across changes, writes and " +
      "forks, and a fork never changes the tree it came from",
    () => {
      fc.assert(
        fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
          const objects = new ObjectStore();
          // Each work tree beside a plain map of what it should hold.
          const trees: Array<{ tree: WorkTree; model: Map<string, string> }> = [{ tree: new WorkTree(), model: new Map() }];
          for (const s of steps) {
            const at = trees[s.tree % trees.length]!;
            if (s.kind === "set") {
              const blob = objects.putBlob(s.content);
              at.tree.set(s.path, blob);
              at.model.set(s.path, blob);
            } else if (s.kind === "fork") {
              trees.push({ tree: at.tree.fork(), model: new Map(at.model) });
            } else {
              // Every tree, not only the one written: a change through one must not reach another.
              for (const { tree, model } of trees) {
                expect(tree.write(objects)).toBe(referenceTreeId(model));
                for (const path of PATHS) expect(tree.get(path)).toBe(model.get(path));
              }
            }
          }
          for (const { tree, model } of trees) expect(tree.write(objects)).toBe(referenceTreeId(model));
        }),
        { numRuns: 300, seed: 18 },
      );
    },
  );

  it("stores each folder's tree so that a walk lists the snapshot", () => {
    const objects = new ObjectStore();
    const main = new WorkTree();
    main.set("src/lib/c.ts", objects.putBlob("c"));
    main.set("README.md", objects.putBlob("r"));
    main.write(objects);
    const branch = main.fork();
    branch.set("src/lib/c.ts", objects.putBlob("c2"));
    const paths = (root: string) => [...objects.walk(root)].map(([path, e]) => `${e.type} ${path}`).join(",");
    expect(paths(branch.write(objects))).toBe("blob README.md,tree src,tree src/lib,blob src/lib/c.ts");
    // main still names the first version of c.ts.
    expect(objects.blobs.get(objects.entryAt(main.write(objects), "src/lib/c.ts")!.sha)!.toString()).toBe("c");
    expect(objects.blobs.get(objects.entryAt(branch.write(objects), "src/lib/c.ts")!.sha)!.toString()).toBe("c2");
  });
});
