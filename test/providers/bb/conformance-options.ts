import { FILE_LINKS } from "../../../generator/providers/bb/index.js";
import type { ConformanceOptions } from "../../conformance/suite.js";
import { BitbucketSchemas } from "./schemas.js";

const schemas = new BitbucketSchemas();

/** Bitbucket's conformance options, shared by the files that check its pins (one pin each, under the per-file budget). */
export const options: ConformanceOptions = {
  fileLinks: FILE_LINKS,
  pagination: {
    next: (_headers, body) => (body && typeof body === "object" && "next" in body ? String((body as { next: string }).next) : undefined),
    items: (body) => {
      if (!body || typeof body !== "object" || !("values" in body) || !("pagelen" in body)) return undefined;
      const values = (body as { values: unknown }).values;
      return Array.isArray(values) ? values : undefined;
    },
    // uuid, hash, id (pull requests, comments), name (branches, tags), path (source entries), else the item.
    identity: (item) => {
      const o = item as Record<string, unknown>;
      // A file's history holds one path at several commits.
      if (o.type === "commit_file" && o.commit) return `${String(o.path)}@${String((o.commit as { hash: unknown }).hash)}`;
      const id = o.uuid ?? o.hash ?? (o.id !== undefined ? `${String(o.type)}/${String(o.id)}` : undefined) ?? o.name ?? o.path;
      if (id !== undefined) return String(id);
      const inner = (o.user ?? (o.workspace as Record<string, unknown> | undefined)) as Record<string, unknown> | undefined;
      return inner?.uuid !== undefined ? String(inner.uuid) : JSON.stringify(item);
    },
    pageSizeParam: "pagelen",
    pageParam: "page",
  },
  // Raw file bytes are not validated (the suite gives only JSON bodies); a source path is a listing or,
  // with format=meta, one entry.
  validate: (_pin, path, body) => schemas.validate(path, body),
  repositories: {
    list: /^2\.0\/repositories\/[^/]+$/,
    cloneUrl: (r) => r.links.clone.find((l: { name: string }) => l.name === "https").href,
    commits: (r) => `${r.links.commits.href}/${r.mainbranch.name}`,
    sha: (c) => c.hash,
  },
};
