import type { Resource } from "../../core/provider.js";
import { hash, type JiraContext } from "./context.js";
import { systemAvatarIds } from "./admin.js";
import { PRIORITIES } from "./schemes.js";

/**
 * The images Jira's answers link to on the site itself, served as images so a client that renders an
 * avatar or an icon gets one:
 * - `universal_avatar/view/type/{type}/avatar/{id}` for every system avatar of issue types, projects and
 *   users: Jira Cloud answers system avatars as SVG (`image/svg+xml`) unless `format=png` is asked for; an
 *   SVG scales, so `size` selects nothing here, and `format=png` is not offered (the build draws no PNG).
 *   The drawing is a square in a colour keyed by the avatar, not Atlassian's artwork.
 * - `images/icons/priorities/{name}.svg`, each priority's arrow in its colour, and
 *   `images/icons/status_generic.gif`, a 16x16 GIF.
 * The v2 avatar paths are the same images (an alias in index.ts).
 */
export function* imageResources(jc: JiraContext): Generator<Resource> {
  for (const type of ["issuetype", "project", "user"] as const) {
    for (const id of systemAvatarIds(jc, type)) {
      const color = `#${hash(`jira/avatar/${type}/${id}`).slice(0, 6)}`;
      yield { path: `rest/api/3/universal_avatar/view/type/${type}/avatar/${id}`, body: { raw: avatarSvg(color), contentType: SVG } };
    }
  }
  for (const p of PRIORITIES)
    yield { path: `images/icons/priorities/${p.icon}.svg`, body: { raw: prioritySvg(p.icon, p.color), contentType: SVG } };
  yield { path: "images/icons/status_generic.gif", body: { raw: solidGif([0x42, 0x52, 0x6e]), contentType: "image/gif" } };
}

const SVG = "image/svg+xml";

function avatarSvg(color: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">` +
    `<rect width="128" height="128" rx="8" fill="${color}"/></svg>`
  );
}

/** An arrow: up for highest/high, a bar for medium, down for low/lowest. */
function prioritySvg(icon: string, color: string): string {
  const shape =
    icon === "medium"
      ? `<rect x="3" y="7" width="10" height="2" fill="${color}"/>`
      : `<path d="${icon.startsWith("high") ? "M8 3l5 6H3z" : "M8 13l5-6H3z"}" fill="${color}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16">${shape}</svg>`;
}

/**
 * A 16x16 GIF89a of one colour. Its LZW stream sends a clear code before every two pixels, so the code
 * table never grows past 3-bit codes: [clear, 0, 0] x 128, then end-of-information.
 */
export function solidGif(rgb: [number, number, number]): Buffer {
  const codes: number[] = [];
  for (let n = 0; n < 128; n++) codes.push(4, 0, 0);
  codes.push(5);
  const data: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of codes) {
    acc |= c << bits;
    bits += 3;
    while (bits >= 8) {
      data.push(acc & 0xff);
      acc >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) data.push(acc & 0xff);
  const blocks: number[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const chunk = data.slice(i, i + 255);
    blocks.push(chunk.length, ...chunk);
  }
  return Buffer.from([
    ...Buffer.from("GIF89a", "latin1"),
    // Logical screen 16x16, a global colour table of 2 entries (flags 0x80), background 0, aspect 0.
    16,
    0,
    16,
    0,
    0x80,
    0,
    0,
    ...rgb,
    0xff,
    0xff,
    0xff,
    // Image descriptor at 0,0, 16x16, no local table.
    0x2c,
    0,
    0,
    0,
    0,
    16,
    0,
    16,
    0,
    0,
    // LZW minimum code size 2, the data sub-blocks, a terminator, then the trailer.
    2,
    ...blocks,
    0,
    0x3b,
  ]);
}
