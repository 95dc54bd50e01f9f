import { hash } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";

/**
 * Just enough of git's object model to give every blob, tree and commit its real object id, so that
 * `git hash-object` on a served file's bytes agrees with the SHA we serve.
 */
export interface TreeEntry {
  mode: "100644" | "040000";
  type: "blob" | "tree";
  name: string;
  sha: string;
  /** Blob size in bytes (trees have none). */
  size?: number;
}

export interface GitPerson {
  name: string;
  email: string;
  at: number;
  /** Minutes east of UTC, as git records it. */
  offsetMinutes: number;
}

export interface CommitObject {
  sha: string;
  tree: string;
  parents: string[];
  author: GitPerson;
  committer: GitPerson;
  message: string;
}

export function gitObjectId(type: "blob" | "tree" | "commit", body: Buffer): string {
  return hash("sha1", Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]), "hex");
}

/**
 * Where a repository's blobs are kept for the life of the world. `Buffer.from` cuts a small buffer from a
 * pool of 8 KiB blocks shared with every other small buffer the process makes: a blob kept from one would
 * keep its whole block alive, garbage and all (at --scale 4, 14 MB of blobs held 65 MB of blocks). Blobs
 * are copied into blocks of their own instead; a large one gets an allocation of its exact size.
 */
class BlobArena {
  private static readonly BLOCK = 256 * 1024;
  private block = Buffer.allocUnsafeSlow(0);
  private used = 0;

  keep(body: Buffer): Buffer {
    if (body.length > BlobArena.BLOCK / 4) {
      const own = Buffer.allocUnsafeSlow(body.length);
      body.copy(own);
      return own;
    }
    if (this.used + body.length > this.block.length) {
      this.block = Buffer.allocUnsafeSlow(BlobArena.BLOCK);
      this.used = 0;
    }
    const kept = this.block.subarray(this.used, this.used + body.length);
    body.copy(kept);
    this.used += body.length;
    return kept;
  }
}

/**
 * Bytes kept deflated in an arena: each record is the original length (4 bytes) and the raw deflate
 * stream (level 1), or the bytes themselves below 2 KiB. Source files deflate to under half, tree bodies
 * to two thirds; a read inflates. At --scale 10 a universe holds about 80 MB of blobs and 160 MB of tree bodies, most of it versions of the
 * same files and folders.
 */
class DeflatedStore {
  private readonly records = new Map<string, Buffer>();

  constructor(private readonly arena: BlobArena) {}

  get size(): number {
    return this.records.size;
  }

  has(sha: string): boolean {
    return this.records.has(sha);
  }

  keys(): IterableIterator<string> {
    return this.records.keys();
  }

  put(sha: string, body: Buffer): void {
    // A deflate stream costs tens of microseconds to set up: small bodies are kept as they are.
    const packed = body.length >= DeflatedStore.SMALLEST ? deflateRawSync(body, { level: 1 }) : body;
    const record = Buffer.allocUnsafe(4 + packed.length);
    record.writeUInt32BE(body.length, 0);
    packed.copy(record, 4);
    this.records.set(sha, this.arena.keep(record));
  }

  /** The bytes as they were put. */
  body(sha: string): Buffer | undefined {
    const record = this.records.get(sha);
    if (!record) return undefined;
    // A small body is a view into the arena: readers never change the bytes they are given.
    return record.readUInt32BE(0) >= DeflatedStore.SMALLEST ? inflateRawSync(record.subarray(4)) : record.subarray(4);
  }

  /** The original length, without inflating. */
  byteLength(sha: string): number | undefined {
    return this.records.get(sha)?.readUInt32BE(0);
  }

  private static readonly SMALLEST = 2048;
}

/** A repository's blobs by id: a read-only map whose values are inflated on each read. */
export class BlobStore extends DeflatedStore {
  get(sha: string): Buffer | undefined {
    return this.body(sha);
  }

  *values(): IterableIterator<Buffer> {
    for (const sha of this.keys()) yield this.get(sha)!;
  }
}

/**
 * A repository's trees, kept as git stores them: the body a tree's id hashes (a line of mode and name,
 * then the 20-byte id, per entry). Entries are decoded on each read. A tree of entry objects cost about
 * three times as much, and a universe holds a tree for every folder a commit changed.
 */
class TreeStore extends DeflatedStore {
  constructor(
    private readonly blobs: BlobStore,
    arena: BlobArena,
  ) {
    super(arena);
  }

  /**
   * The last trees decoded. Providers look up paths tree by tree (`entryAt`, `walk`), commit after commit,
   * and most of their lookups fall in the same few folders: at --scale 10 a folder holds thousands of
   * entries, and decoding it again for every file below it made serving a repository's files grow with
   * its commits times its files. Small, as a large folder's entries are a few hundred KB.
   */
  private readonly decoded = new Map<string, readonly TreeEntry[]>();

  /** The tree's entries in git order, blobs with their size; undefined for an unknown id. Shared: never changed by readers. */
  get(sha: string): readonly TreeEntry[] | undefined {
    const known = this.decoded.get(sha);
    if (known) return known;
    const entries = this.decode(sha);
    if (!entries) return undefined;
    // The oldest goes first: a Map iterates in insertion order.
    if (this.decoded.size >= TreeStore.DECODED) this.decoded.delete(this.decoded.keys().next().value!);
    this.decoded.set(sha, entries);
    return entries;
  }

  private static readonly DECODED = 16;

  private decode(sha: string): TreeEntry[] | undefined {
    const body = this.body(sha);
    if (!body) return undefined;
    const entries: TreeEntry[] = [];
    for (let at = 0; at < body.length;) {
      const space = body.indexOf(0x20, at);
      const nul = body.indexOf(0, space);
      const id = body.toString("hex", nul + 1, nul + 21);
      const name = body.toString("utf8", space + 1, nul);
      entries.push(
        body.toString("latin1", at, space) === "40000"
          ? { mode: "040000", type: "tree", name, sha: id }
          : { mode: "100644", type: "blob", name, sha: id, size: this.blobs.byteLength(id) ?? 0 },
      );
      at = nul + 21;
    }
    return entries;
  }
}

/** All objects of one repository, content-addressed. */
export class ObjectStore {
  private readonly arena = new BlobArena();
  readonly blobs = new BlobStore(this.arena);
  readonly trees = new TreeStore(this.blobs, this.arena);
  readonly commits = new Map<string, CommitObject>();

  putBlob(content: string): string {
    const body = Buffer.from(content, "utf8");
    const sha = gitObjectId("blob", body);
    if (!this.blobs.has(sha)) this.blobs.put(sha, body);
    return sha;
  }

  /** Writes the tree for a snapshot of paths -> blob SHAs and returns the root tree's SHA. */
  putTree(files: ReadonlyMap<string, string>): string {
    const tree = new WorkTree();
    for (const [path, blobSha] of files) tree.set(path, blobSha);
    return tree.write(this);
  }

  /** Stores the tree of these entries (in any order) and returns its id. */
  putTreeEntries(children: TreeEntry[]): string {
    // git orders entries bytewise, comparing a directory's name as if it ended in "/".
    const sortKey = (e: TreeEntry) => (e.type === "tree" ? `${e.name}/` : e.name);
    const entries = children.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
    const body = treeBody(entries);
    const sha = gitObjectId("tree", body);
    if (!this.trees.has(sha)) this.trees.put(sha, body);
    return sha;
  }

  putCommit(commit: Omit<CommitObject, "sha">): CommitObject {
    const sha = gitObjectId("commit", commitBody(commit));
    const stored = { sha, ...commit };
    this.commits.set(sha, stored);
    return stored;
  }

  /** An object's type and the exact bytes its id hashes, as git stores it; undefined for an unknown id. */
  object(sha: string): { type: "blob" | "tree" | "commit"; body: Buffer } | undefined {
    const blob = this.blobs.get(sha);
    if (blob) return { type: "blob", body: blob };
    const tree = this.trees.body(sha);
    if (tree) return { type: "tree", body: tree };
    const commit = this.commits.get(sha);
    return commit && { type: "commit", body: commitBody(commit) };
  }

  /** Every object id, sorted, so a walk over them is deterministic. */
  ids(): string[] {
    return [...this.blobs.keys(), ...this.trees.keys(), ...this.commits.keys()].sort();
  }

  /** The entry at a slash-separated path below a tree, if there is one. */
  entryAt(treeSha: string, path: string): TreeEntry | undefined {
    let entry: TreeEntry | undefined;
    let tree: string | undefined = treeSha;
    for (const name of path.split("/")) {
      entry = tree === undefined ? undefined : this.trees.get(tree)?.find((e) => e.name === name);
      if (!entry) return undefined;
      tree = entry.type === "tree" ? entry.sha : undefined;
    }
    return entry;
  }

  /** Every (path, entry) below a tree, depth first in git order, as `git ls-tree -r -t` lists them. */
  *walk(treeSha: string, prefix = ""): Generator<[string, TreeEntry]> {
    for (const entry of this.trees.get(treeSha) ?? []) {
      const path = `${prefix}${entry.name}`;
      yield [path, entry];
      if (entry.type === "tree") yield* this.walk(entry.sha, `${path}/`);
    }
  }
}

/** A folder of a work tree. `sha` is its tree id once written, cleared when a path below it changes. */
interface Folder {
  /** The work tree that may change it in place; any other copies it first. */
  owner: object;
  files: Map<string, string>;
  folders: Map<string, Folder>;
  sha?: string | undefined;
}

/**
 * Paths and their blob ids, as git's index holds them, with the tree id of every folder kept from the
 * last write: a commit hashes again only the folders on the paths it changed, not the whole snapshot (at
 * --scale 10 a repository has thousands of files and commits, and hashing every folder of every commit
 * made world generation grow with their product). A fork shares every folder with the tree it came from,
 * and either side copies a folder before it changes it: a branch costs the folders it touches.
 */
export class WorkTree {
  private owner: object = {};
  private root: Folder;

  constructor(root?: Folder) {
    this.root = root ?? { owner: this.owner, files: new Map(), folders: new Map() };
  }

  /** A copy that changes independently of this tree. */
  fork(): WorkTree {
    // The folders are shared from now on: this side too copies before it changes one.
    this.owner = {};
    return new WorkTree(this.root);
  }

  get(path: string): string | undefined {
    let folder: Folder | undefined = this.root;
    let start = 0;
    for (let slash = path.indexOf("/"); slash !== -1 && folder; slash = path.indexOf("/", start)) {
      folder = folder.folders.get(path.slice(start, slash));
      start = slash + 1;
    }
    return folder?.files.get(path.slice(start));
  }

  set(path: string, blobSha: string): void {
    let folder = (this.root = this.own(this.root));
    let start = 0;
    for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", start)) {
      const name = path.slice(start, slash);
      const child = folder.folders.get(name);
      const owned = child ? this.own(child) : { owner: this.owner, files: new Map<string, string>(), folders: new Map<string, Folder>() };
      if (owned !== child) folder.folders.set(name, owned);
      folder = owned;
      start = slash + 1;
    }
    folder.files.set(path.slice(start), blobSha);
  }

  /** Stores the trees of the folders changed since the last write, and returns the root tree's id. */
  write(objects: ObjectStore): string {
    return writeFolder(this.root, objects);
  }

  /** The folder itself when this tree owns it, else a copy it owns; either way its id is to be made again. */
  private own(folder: Folder): Folder {
    if (folder.owner === this.owner) {
      folder.sha = undefined;
      return folder;
    }
    return { owner: this.owner, files: new Map(folder.files), folders: new Map(folder.folders) };
  }
}

/** A folder's tree id: remembered, or made (its changed subfolders' first) and stored. */
function writeFolder(folder: Folder, objects: ObjectStore): string {
  if (folder.sha !== undefined) return folder.sha;
  const children = new Map<string, TreeEntry>();
  for (const [name, sha] of folder.files) children.set(name, { mode: "100644", type: "blob", name, sha });
  // A name that is both a file and a folder is the folder, as git would have it.
  for (const [name, sub] of folder.folders) children.set(name, { mode: "040000", type: "tree", name, sha: writeFolder(sub, objects) });
  // An id made once is kept even when the folder is shared: it is a function of the folder's content,
  // which no tree changes in place while it is shared.
  folder.sha = objects.putTreeEntries([...children.values()]);
  return folder.sha;
}

function treeBody(entries: TreeEntry[]): Buffer {
  return Buffer.concat(
    entries.flatMap((e) => [Buffer.from(`${e.mode === "040000" ? "40000" : e.mode} ${e.name}\0`), Buffer.from(e.sha, "hex")]),
  );
}

function commitBody(commit: Omit<CommitObject, "sha">): Buffer {
  const lines = [`tree ${commit.tree}`, ...commit.parents.map((p) => `parent ${p}`)];
  lines.push(`author ${signature(commit.author)}`, `committer ${signature(commit.committer)}`, "", `${commit.message}\n`);
  return Buffer.from(lines.join("\n"), "utf8");
}

function signature(p: GitPerson): string {
  const sign = p.offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(p.offsetMinutes);
  const tz = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
  return `${p.name} <${p.email}> ${Math.floor(p.at / 1000)} ${tz}`;
}
