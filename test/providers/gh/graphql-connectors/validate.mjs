// Validates every *.graphql in this folder against @octokit/graphql-schema and lists what each selects.
// Usage: node test/providers/gh/graphql-connectors/validate.mjs [--inventory]
// Not a vitest file (vitest only picks up *.test.ts).
import { createRequire } from "node:module";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "../../../../package.json"));
const { buildSchema, parse, validate, visit, visitWithTypeInfo, TypeInfo, print } = require("graphql");
// The package's "exports" only allow ".", so read its files by path.
const pkgDir = join(here, "../../../../node_modules/@octokit/graphql-schema");
const schemaPkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
// 15.26.1's schema.graphql defines EnterpriseOwnerInfo.repositoryDeployKeySetting(Organizations) twice, so strict
// buildSchema throws "can only be defined once". assumeValidSDL skips that SDL check (the later definition wins).
const schema = buildSchema(readFileSync(join(pkgDir, "schema.graphql"), "utf8"), { assumeValidSDL: true });

const fields = new Map(); // "Type.field" -> Set(files)
const args = new Map(); // "Type.field(arg:)" -> Set(values)
const deprecated = new Map();
let failed = 0;
const files = readdirSync(here)
  .filter((f) => f.endsWith(".graphql"))
  .sort();
for (const f of files) {
  const doc = parse(readFileSync(join(here, f), "utf8"));
  // GitHub's server (graphql-ruby) does not apply the spec's SameResponseShape part of "fields can merge"
  // (rmosolgo/graphql-ruby#4403, #4347). So DevLake's `... on User{name} ... on Team{name}` (String vs String!)
  // is accepted by GitHub but rejected by graphql-js. Those errors are reported and tolerated here.
  const all = validate(schema, doc);
  const tolerated = all.filter((e) => /conflict because they return conflicting types/.test(e.message));
  const errors = all.filter((e) => !tolerated.includes(e));
  if (errors.length) {
    failed++;
    console.log(`FAIL ${f}`);
    for (const e of errors) console.log("   ", e.message);
  } else if (tolerated.length) {
    console.log(`ok*  ${f}  (valid for GitHub; graphql-js OverlappingFieldsCanBeMerged rejects it:)`);
    for (const e of tolerated) console.log("   ", e.message);
  } else console.log(`ok   ${f}`);
  const ti = new TypeInfo(schema);
  visit(
    doc,
    visitWithTypeInfo(ti, {
      Field(node) {
        const parent = ti.getParentType();
        const def = ti.getFieldDef();
        if (!parent || !def || node.name.value.startsWith("__")) return;
        const key = `${parent.name}.${node.name.value}`;
        if (!fields.has(key)) fields.set(key, new Set());
        fields.get(key).add(f.replace(/\.graphql$/, ""));
        if (def.deprecationReason) deprecated.set(key, def.deprecationReason);
        for (const a of node.arguments ?? []) {
          const k = `${key}(${a.name.value}:)`;
          if (!args.has(k)) args.set(k, new Set());
          args.get(k).add(print(a.value));
        }
      },
    }),
  );
}
console.log(`\n@octokit/graphql-schema ${schemaPkg.version}: ${files.length - failed}/${files.length} documents valid`);
if (process.argv.includes("--inventory")) {
  const byType = new Map();
  for (const k of [...fields.keys()].sort()) {
    const [t, fld] = k.split(".");
    if (!byType.has(t)) byType.set(t, []);
    byType.get(t).push(fld);
  }
  console.log("\n## Fields by type\n");
  for (const [t, fs] of byType) console.log(`- **${t}**: ${fs.join(", ")}`);
  console.log("\n## Arguments\n");
  for (const [k, vs] of [...args].sort()) console.log(`- \`${k}\` ${[...vs].map((v) => "`" + v + "`").join(", ")}`);
  console.log("\n## Deprecated fields used\n");
  for (const [k, r] of deprecated) console.log(`- ${k}: ${r.replace(/\s+/g, " ")}`);
}
process.exit(failed ? 1 : 0);
