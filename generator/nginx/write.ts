import { copyFileSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { nginxConf, type NginxSettings } from "./conf.js";
import { routeTable, type RouteTable } from "./export.js";

/** The njs module, shipped as is (nginx loads plain JavaScript). */
const NJS_MODULE = fileURLToPath(new URL("./snapverse.njs.js", import.meta.url));

/**
 * `snapverse nginx`: the route table of a dist/, the njs module and nginx.conf, written into `out`. Each
 * file replaces the one before in a single rename, so an nginx reloading meanwhile reads whole files.
 */
export async function writeNginx(dist: string, settings: Omit<NginxSettings, "entries">): Promise<RouteTable> {
  const table = await routeTable(dist);
  for (const sub of ["temp/body", "temp/proxy", "temp/fastcgi", "temp/uwsgi", "temp/scgi"])
    mkdirSync(join(settings.out, sub), { recursive: true });
  const map = table.entries.map(([key, value]) => `"${key}" "${value}";\n`).join("");
  const replace = (name: string, write: (tmp: string) => void) => {
    const tmp = join(settings.out, `.${name}.tmp`);
    write(tmp);
    renameSync(tmp, join(settings.out, name));
  };
  replace("snapverse.js", (tmp) => copyFileSync(NJS_MODULE, tmp));
  replace("routes.map", (tmp) => writeFileSync(tmp, map));
  replace("nginx.conf", (tmp) => writeFileSync(tmp, nginxConf({ ...settings, entries: table.entries.length })));
  return table;
}
