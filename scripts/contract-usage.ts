/**
 * Which provider sets which option of the provider contract: every property of an object literal in
 * `generator/providers/<id>/` whose type (from its context: a return type, an annotation, a parameter) is
 * declared in core's contract files, counted by option and provider. `npx tsx scripts/contract-usage.ts
 * [root]` prints one line per option (`<interface>.<path> <count> <providers>`) and a summary; decision
 * 0025 quotes it. Objects built without a contract type in context are not seen, so counts are a floor.
 */
import { readdirSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

/** The files that declare the contract: the provider interfaces, list profiles, paginations. */
function isContractFile(file: string, root: string): boolean {
  const rel = relative(join(root, "generator", "core"), file)
    .split(sep)
    .join("/");
  return rel === "provider.ts" || rel === "lists/profile.ts" || /^pagination\/[^/]+\.ts$/.test(rel);
}

/** `Interface.member.member`: where a property is declared, through nested type literals. */
function optionName(decl: ts.Declaration): string | undefined {
  const parts: string[] = [];
  let node: ts.Node | undefined = decl;
  while (node) {
    if (ts.isPropertySignature(node)) parts.unshift(node.name.getText());
    if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) {
      parts.unshift(node.name.text);
      return parts.join(".");
    }
    node = node.parent;
  }
  return undefined;
}

/** The members of a union a literal can be: those whose type takes each of its string-literal members (`mechanism`). */
function discriminated(checker: ts.TypeChecker, literal: ts.ObjectLiteralExpression, members: ts.Type[]): ts.Type[] {
  const tags = literal.properties.filter(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer),
  );
  return members.filter((member) =>
    tags.every((tag) => {
      const declared = checker.getPropertyOfType(member, tag.name.getText().replace(/^["']|["']$/g, ""));
      if (!declared) return true;
      return checker.isTypeAssignableTo(checker.getTypeAtLocation(tag.initializer), checker.getTypeOfSymbol(declared));
    }),
  );
}

export function contractUsage(root: string): Map<string, Set<string>> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error(`no tsconfig.json in ${root}`);
  const program = ts.createProgram(config.fileNames, config.options);
  const checker = program.getTypeChecker();
  const providersDir = join(root, "generator", "providers");
  const usage = new Map<string, Set<string>>();
  for (const source of program.getSourceFiles()) {
    const rel = relative(providersDir, source.fileName);
    if (rel.startsWith("..") || !rel.includes(sep)) continue;
    const provider = rel.split(sep)[0]!;
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const context = checker.getContextualType(node);
        const members = context ? (context.isUnion() ? discriminated(checker, node, context.types) : [context]) : [];
        for (const prop of node.properties) {
          if (!ts.isPropertyAssignment(prop) && !ts.isShorthandPropertyAssignment(prop)) continue;
          const name = prop.name.getText(source).replace(/^["']|["']$/g, "");
          for (const member of members) {
            for (const decl of checker.getPropertyOfType(member, name)?.declarations ?? []) {
              if (!isContractFile(decl.getSourceFile().fileName, root)) continue;
              const option = optionName(decl);
              if (option) (usage.get(option) ?? usage.set(option, new Set()).get(option)!).add(provider);
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return usage;
}

/** Every option the contract files declare, used or not. */
export function contractOptions(root: string): string[] {
  const files = ["provider.ts", "lists/profile.ts", ...readdirSync(join(root, "generator/core/pagination")).map((f) => `pagination/${f}`)];
  const out: string[] = [];
  for (const f of files.sort()) {
    const path = join(root, "generator/core", f);
    const source = ts.createSourceFile(path, ts.sys.readFile(path) ?? "", ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isPropertySignature(node)) {
        const name = optionName(node);
        if (name) out.push(name);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/**
 * The options the summary counts: each member of a contract interface (a pagination variant's
 * discriminant aside), and the members of ServingProfile's `errors`, `version` and `auth`; not the
 * members of nested records (`offsetFields.size`), which belong to their option.
 */
function counted(option: string): boolean {
  const parts = option.split(".");
  if (parts[1] === "mechanism") return false;
  return parts.length === 2 || (parts[0] === "ServingProfile" && parts.length === 3 && ["errors", "version", "auth"].includes(parts[1]!));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = resolve(process.argv[2] ?? ".");
  const usage = contractUsage(root);
  const wanted = /^(ServingProfile|QueryRules|ListProfile|List[A-Z]\w+|Pagination|PagingBase|\w+Paging|Continuation|FieldSubset)\./;
  const options = contractOptions(root).filter((o) => wanted.test(o) && !o.startsWith("ListView."));
  const single: string[] = [];
  for (const option of options) {
    const providers = [...(usage.get(option) ?? [])].sort();
    if (counted(option) && providers.length === 1) single.push(`${option} (${providers[0]})`);
    console.log(`${option}\t${providers.length}\t${providers.join(",")}`);
  }
  console.log(`options ${options.filter(counted).length}, used by one provider ${single.length}: ${single.join(", ")}`);
}
