import { createHash } from "node:crypto";
import { asJson, type JsonValue, type Resource } from "../../core/provider.js";
import { MINUTE, isoDay } from "../../world/clock.js";
import { slugify } from "../../world/ids.js";
import type { Deal, World } from "../../world/types.js";
import { hsId, type HsContext } from "./context.js";
import { FILES_LIMIT, cursorPages } from "./lists.js";
import { grouped, textPdf } from "./pdf.js";

/**
 * The File Manager: one private folder, `/Contracts`, holding the signed order form (a one-page PDF) of
 * every won deal, uploaded five minutes after the deal was won. Served: `files/v3/files/search` (paged;
 * its filters are not applied), `files/v3/files/{id}`, `files/v3/files/{id}/signed-url`,
 * `files/v3/files/{id}/download` (the PDF itself, the file's `url`), `files/v3/folders/search`,
 * `files/v3/folders/{id}` (also by path, `files/v3/folders/Contracts`).
 */
export interface Contract {
  id: number;
  deal: Deal;
  name: string;
  createdAt: number;
  pdf: Buffer;
}

export const CONTRACTS_FOLDER = "Contracts";

export function folderId(world: World): number {
  return hsId(world, "folder/contracts", 100_000_000_000, 4_000_000_000);
}

export function contracts(hs: HsContext): Contract[] {
  return hs.once("contracts", () => {
    const { commerce } = hs.world;
    const out: Contract[] = [];
    for (const deal of commerce.deals) {
      const won = deal.stageHistory.find((h) => h.stage === "won");
      if (!won) continue;
      const co = commerce.companies.find((c) => c.id === deal.companyId)!;
      const signer = commerce.contacts.find((c) => c.id === deal.contactIds[0]);
      const rep = hs.staff(deal.ownerId);
      const company = hs.world.company.name;
      const lines = [
        `${company} - Order Form No. ${hs.world.company.slug.slice(0, 2).toUpperCase()}-${deal.id}`,
        "",
        `Customer: ${co.name}, ${co.city}, ${co.country}`,
        `Deal: ${deal.name}`,
        `Subscription fee: USD ${grouped(deal.amount)} per year`,
        `Term: 12 months from ${isoDay(won.at)}`,
        "",
        `Signed for ${co.name}` +
          `: ${signer ? `${signer.firstName} ${signer.lastName}, ${signer.jobTitle}` : "authorized signatory"}` +
          `, on ${isoDay(won.at)}`,
        `Signed for ${company}: ${rep.name}, ${rep.role}, on ${isoDay(won.at)}`,
      ];
      const name = `${slugify(deal.name)}-order-form`;
      out.push({
        id: hs.id(`file/contract/${deal.id}`, 100_000_000_000, 4_000_000_000),
        deal,
        name,
        createdAt: won.at + 5 * MINUTE,
        pdf: textPdf(lines, { title: `${deal.name} - Order Form`, author: rep.name, created: won.at }),
      });
    }
    return out.sort((a, b) => a.id - b.id);
  });
}

export function fileUrl(hs: HsContext, c: Contract): string {
  return `${hs.api}/files/v3/files/${c.id}/download`;
}

export function fileJson(hs: HsContext, c: Contract): JsonValue {
  return asJson({
    id: String(c.id),
    createdAt: hs.iso(c.createdAt),
    updatedAt: hs.iso(c.createdAt),
    archived: false,
    parentFolderId: String(folderId(hs.world)),
    name: c.name,
    path: `/${CONTRACTS_FOLDER}/${c.name}.pdf`,
    size: c.pdf.length,
    type: "DOCUMENT",
    extension: "pdf",
    url: fileUrl(hs, c),
    isUsableInContent: false,
    access: "PRIVATE",
    fileMd5: createHash("md5").update(c.pdf).digest("hex"),
  });
}

function folderJson(hs: HsContext): JsonValue {
  const at = hs.iso(hs.portalCreated);
  return {
    id: String(folderId(hs.world)),
    createdAt: at,
    updatedAt: at,
    archived: false,
    name: CONTRACTS_FOLDER,
    path: `/${CONTRACTS_FOLDER}`,
  };
}

export function* fileResources(hs: HsContext): Generator<Resource> {
  const all = contracts(hs);
  yield* cursorPages(
    hs,
    "files/v3/files/search",
    all.map((c) => fileJson(hs, c)),
    FILES_LIMIT,
  );
  for (const c of all) {
    const base = `files/v3/files/${c.id}`;
    yield { path: base, body: fileJson(hs, c) };
    yield {
      path: `${base}/signed-url`,
      body: {
        expiresAt: hs.iso(hs.world.asOf + 6 * 3_600_000),
        extension: "pdf",
        name: c.name,
        size: c.pdf.length,
        type: "DOCUMENT",
        url: fileUrl(hs, c),
      },
    };
    yield { path: `${base}/download`, body: { raw: c.pdf, contentType: "application/pdf" } };
  }
  yield* cursorPages(hs, "files/v3/folders/search", [folderJson(hs)], FILES_LIMIT);
  yield { path: `files/v3/folders/${folderId(hs.world)}`, body: folderJson(hs) };
}
