import type { JsonValue } from "../../core/provider.js";
import { MASTER_RECORD_TYPE, base, field } from "./describe.js";
import { caseSafeSuffix } from "./ids.js";
import type { FieldDef, ObjectDef } from "./schema.js";

/** A metadata id (`00h` layouts, `01B` sections) from the object's key prefix and a position, case-safe. */
function metadataId(prefix: string, o: ObjectDef, n: number): string {
  const id15 = `${prefix}Hs${o.keyPrefix}${String(n).padStart(7, "0")}`;
  return id15 + caseSafeSuffix(id15);
}

/** One field of a section: what a page shows and whether a user may set it on create and on edit. */
function item(f: FieldDef, o: ObjectDef, tabOrder: number): JsonValue {
  const details = field(f, o);
  return {
    editableForNew: details.createable as boolean,
    editableForUpdate: details.updateable as boolean,
    label: f.label,
    layoutComponents: [{ details, displayLines: 1, tabOrder, type: "Field", value: f.name }],
    placeholder: false,
    required: !(f.nillable ?? false) && (details.createable as boolean) && f.type !== "boolean",
  };
}

/** A two-column section, its fields in rows of two as a page layout lays them out. */
function section(o: ObjectDef, layoutId: string, n: number, heading: string, fields: FieldDef[]): JsonValue {
  const rows: JsonValue[] = [];
  for (let i = 0; i < fields.length; i += 2) {
    const pair = fields.slice(i, i + 2).map((f, k) => item(f, o, i + k + 1));
    rows.push({ layoutItems: pair, numItems: pair.length });
  }
  return {
    collapsed: false,
    columns: 2,
    heading,
    layoutRows: rows,
    layoutSectionId: metadataId("01B", o, n),
    parentLayoutId: layoutId,
    rows: rows.length,
    tabOrder: "TopToBottom",
    useCollapsibleSection: false,
    useHeading: true,
  };
}

/**
 * `sobjects/{object}/describe/layouts/{recordTypeId}`: the page layout of the master record type, as the
 * describe's `recordTypeInfos[].urls.layout` names it. The org has the default layout only: the object's
 * fields in one section and the audit fields in "System Information", the same on the detail and edit
 * pages; no buttons, related lists, quick actions or feed view are configured.
 */
export function layout(o: ObjectDef): JsonValue {
  const id = metadataId("00h", o, 1);
  const own = o.fields.filter((f) => !f.system);
  const system = o.fields.filter((f) => f.system && f.name !== "Id");
  const sections = [section(o, id, 1, `${o.label} Information`, own), section(o, id, 2, "System Information", system)];
  return {
    buttonLayoutSection: { detailButtons: [] },
    detailLayoutSections: sections,
    editLayoutSections: sections,
    feedView: null,
    highlightsPanelLayoutSection: null,
    id,
    multirowEditLayoutSections: [],
    offlineLinks: [],
    quickActionList: { quickActionListItems: [] },
    relatedContent: null,
    relatedLists: [],
    saveOptions: [],
  };
}

/** `sobjects/{object}/describe/layouts/`: every layout, and which record type maps to which. */
export function layouts(o: ObjectDef, version: string): JsonValue {
  const one = layout(o) as { id: string };
  return {
    layouts: [one],
    recordTypeMappings: [
      {
        available: true,
        defaultRecordTypeMapping: true,
        developerName: "Master",
        layoutId: one.id,
        master: true,
        name: "Master",
        picklistsForRecordType: [],
        recordTypeId: MASTER_RECORD_TYPE,
        urls: { layout: `${base(version)}/sobjects/${o.name}/describe/layouts/${MASTER_RECORD_TYPE}` },
      },
    ],
    recordTypeSelectorRequired: [false],
  };
}
