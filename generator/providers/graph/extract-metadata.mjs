// Extracts the types Microsoft Graph v1.0 entities served by snapverse use from the published CSDL
// (microsoftgraph/msgraph-metadata, schemas/v1.0-Prod.csdl), into metadata-types.json beside this file (metadata.ts serves it as `$metadata`).
// Usage: node extract.mjs <path to v1.0-Prod.csdl> <commit>
import { readFileSync, writeFileSync } from "node:fs";

const [csdlPath, commit] = process.argv.slice(2);
const text = readFileSync(csdlPath, "utf8");
// The first schema is microsoft.graph (alias graph); later ones (callRecords, security, …) are not served.
const start = text.indexOf('<Schema Namespace="microsoft.graph"');
const schema = text.slice(start, text.indexOf("</Schema>", start));
const ROOTS = ["user", "group", "event", "organization", "subscribedSku", "licenseDetails", "calendar", "directoryObject", "signIn"];

const blocks = new Map();
for (const m of schema.matchAll(/<(EntityType|ComplexType|EnumType) Name="([^"]+)"([^>]*?)(\/>|>([\s\S]*?)<\/\1>)/g)) {
  const [, kind, name, attrs, , body = ""] = m;
  blocks.set(name, { kind, attrs, body });
}
const out = { source: "microsoftgraph/msgraph-metadata", path: "schemas/v1.0-Prod.csdl", commit, types: {}, enums: {} };
const queue = [...ROOTS];
const seen = new Set();
while (queue.length) {
  const name = queue.shift();
  if (seen.has(name)) continue;
  seen.add(name);
  const b = blocks.get(name);
  if (!b) throw new Error(`no type ${name}`);
  if (b.kind === "EnumType") {
    // Names in order, their values, and whether the enum is a set of flags (metadata.ts renders them).
    const members = [...b.body.matchAll(/<Member Name="([^"]+)" Value="([^"]+)"/g)];
    out.enums[name] = {
      flags: /IsFlags="true"/.test(b.attrs),
      members: members.map((x) => x[1]),
      values: members.map((x) => Number(x[2])),
    };
    continue;
  }
  const base = /BaseType="graph\.([^"]+)"/.exec(b.attrs)?.[1];
  if (base) queue.push(base);
  const properties = {};
  for (const p of b.body.matchAll(/<Property Name="([^"]+)" Type="([^"]+)"([^>]*)>/g)) {
    const [, pname, type, rest] = p;
    properties[pname] = { type, nullable: !/Nullable="false"/.test(rest) };
    const inner = /^(?:Collection\()?graph\.([^)]+)\)?$/.exec(type)?.[1];
    if (inner) queue.push(inner);
  }
  out.types[name] = {
    kind: b.kind === "EntityType" ? "entity" : "complex",
    ...(base ? { base } : {}),
    abstract: /Abstract="true"/.test(b.attrs),
    open: /OpenType="true"/.test(b.attrs),
    properties,
  };
}
writeFileSync(new URL("./metadata-types.json", import.meta.url), JSON.stringify(out, null, 1) + "\n");
console.log(Object.keys(out.types).length, "types,", Object.keys(out.enums).length, "enums");
