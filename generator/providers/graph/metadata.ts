import { readFileSync } from "node:fs";
import type { Resource } from "../../core/provider.js";
import { V } from "./context.js";

interface Property {
  type: string;
  nullable: boolean;
}
interface TypeDef {
  kind: "entity" | "complex";
  base?: string;
  abstract: boolean;
  open: boolean;
  properties: Record<string, Property>;
}
interface EnumDef {
  flags: boolean;
  members: string[];
  values: number[];
}
/** The published types this host serves and what they reach (extract-metadata.mjs, from Graph's own CSDL). */
export interface MetadataTypes {
  source: string;
  path: string;
  commit: string;
  types: Record<string, TypeDef>;
  enums: Record<string, EnumDef>;
}

/** Read when a build renders the document, never at import: the edge Worker imports this provider and has no files. */
function metadataTypes(): MetadataTypes {
  return JSON.parse(readFileSync(new URL("./metadata-types.json", import.meta.url), "utf8")) as MetadataTypes;
}

/** The entity sets and singletons a client can address here, as Graph's `GraphService` container names them. */
const ENTITY_SETS: Array<[string, string]> = [
  ["directoryObjects", "directoryObject"],
  ["groups", "group"],
  ["organization", "organization"],
  ["subscribedSkus", "subscribedSku"],
  ["users", "user"],
];
const SINGLETONS: Array<[string, string]> = [["me", "user"]];

const attr = (name: string, value: string) => ` ${name}="${value}"`;

function typeXml(name: string, t: TypeDef): string {
  const tag = t.kind === "entity" ? "EntityType" : "ComplexType";
  const head =
    `<${tag}${attr("Name", name)}${t.base ? attr("BaseType", `graph.${t.base}`) : ""}` +
    `${t.abstract ? attr("Abstract", "true") : ""}${t.open ? attr("OpenType", "true") : ""}>`;
  // The root entity type carries the key every entity inherits (`id`), as in Graph's metadata.
  const key = t.kind === "entity" && !t.base ? '<Key><PropertyRef Name="id" /></Key>' : "";
  const props = Object.entries(t.properties).map(
    ([p, d]) => `<Property${attr("Name", p)}${attr("Type", d.type)}${d.nullable ? "" : attr("Nullable", "false")} />`,
  );
  return `${head}${key}${props.join("")}</${tag}>`;
}

function enumXml(name: string, e: EnumDef): string {
  const members = e.members.map((m, i) => `<Member${attr("Name", m)}${attr("Value", String(e.values[i]))} />`);
  return `<EnumType${attr("Name", name)}${e.flags ? attr("IsFlags", "true") : ""}>${members.join("")}</EnumType>`;
}

/**
 * `GET /v1.0/$metadata`, the CSDL document every `@odata.context` names: the `microsoft.graph` schema
 * reduced to the types this host serves and every type they reach, with Graph's own names, property types,
 * nullability, enum values and `GraphService` container (its entity sets and singletons here). Graph's
 * whole document (3.4 MB) also declares navigation properties, actions and functions, which nothing here
 * serves; it is XML whatever `Accept` asks for, as on Graph.
 */
export function* metadataResources(): Generator<Resource> {
  const { types, enums } = metadataTypes();
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const schema =
    Object.keys(enums)
      .sort(byName)
      .map((n) => enumXml(n, enums[n]!))
      .join("") +
    Object.keys(types)
      .sort(byName)
      .map((n) => typeXml(n, types[n]!))
      .join("") +
    `<EntityContainer Name="GraphService">` +
    ENTITY_SETS.map(([set, type]) => `<EntitySet${attr("Name", set)}${attr("EntityType", `microsoft.graph.${type}`)} />`).join("") +
    SINGLETONS.map(([one, type]) => `<Singleton${attr("Name", one)}${attr("Type", `microsoft.graph.${type}`)} />`).join("") +
    `</EntityContainer>`;
  const xml =
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>` +
    `<Schema Namespace="microsoft.graph" Alias="graph" xmlns="http://docs.oasis-open.org/odata/ns/edm">${schema}</Schema>` +
    `</edmx:DataServices></edmx:Edmx>`;
  yield { path: `${V}/$metadata`, body: { raw: xml, contentType: "application/xml;charset=utf-8" } };
}
