import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import fg from "fast-glob";
import Handlebars from "handlebars";

export type Render = (name: string, context: object) => string;

/**
 * Loads every `.hbs` under a folder, in sorted order, and returns a renderer by relative name
 * ("typescript/module"). Source-file templates run with noEscape; a template whose name ends in `.html`
 * (`catalog/index.html.hbs`) escapes every value, as a page must.
 */
export function loadTemplates(root: string): Render {
  const hb = Handlebars.create();
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  const files = fg.sync("**/*.hbs", { cwd: root, dot: true }).sort();
  for (const file of files) {
    const name = relative(root, join(root, file))
      .split(sep)
      .join("/")
      .replace(/\.hbs$/, "");
    compiled.set(name, hb.compile(readFileSync(join(root, file), "utf8"), { noEscape: !name.endsWith(".html"), strict: true }));
  }
  return (name, context) => {
    const template = compiled.get(name);
    if (!template) throw new Error(`no template '${name}' under ${root}`);
    return template(context);
  };
}
