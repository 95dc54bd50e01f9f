import type { ParamClasses } from "../../core/param-classes.js";

/**
 * Every query parameter of HubSpot's published GET operations (CRM objects, owners, pipelines,
 * properties, associations v4, files v3) that this provider serves, in one class each (issue 37;
 * test/providers/hubspot/parameter-classes.test.ts). A bare name holds on every served operation;
 * `<path> <name>` on one.
 */
const FILES = "/files/v3/files/search";
const FOLDERS = "/files/v3/folders/search";
const SUPERSET =
  "one static answer carries every property and association (objects.ts): a superset of what HubSpot returns for the names asked for";
const SEARCH = "lists.ts: a files- or folders-search filter, as files.json documents it";

/** The files- and folders-search parameters (lists.ts), computed on `template`. */
function searched(template: string, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [`${template} ${n}`, SEARCH]));
}

const BOUNDS = (name: string) => [name, `${name}Gte`, `${name}Lte`];
const COMMON = ["ids", "idGte", "idLte", "name", "path", "parentFolderIds", "before", ...BOUNDS("createdAt"), ...BOUNDS("updatedAt")];
const FILE_ONLY = [...BOUNDS("expiresAt"), ...BOUNDS("size"), ...BOUNDS("height"), ...BOUNDS("width")];
const FILE_FIELDS = ["extension", "type", "encoding", "fileMd5", "url", "isUsableInContent", "allowsAnonymousAccess"];

export const hubspotParams: ParamClasses = {
  unserved: [],
  computed: {
    limit: "pagination (cursor): each list's default and maximum, anything above the maximum clamped",
    after: "pagination (cursor): the offset token of paging.next.after",
    archived: "lists.ts: selects the live or the archived records (false, False and FALSE alike)",
    "/crm/v3/objects/companies propertiesWithHistory": "lists.ts: selects the list with every property's history",
    "/crm/v3/objects/contacts propertiesWithHistory": "lists.ts: selects the list with every property's history",
    "/crm/v3/objects/tickets propertiesWithHistory": "lists.ts: selects the list with every property's history",
    "/crm/v3/owners email": "lists.ts: the owner with that email, case-insensitive; none gives an empty list",
    "/crm/v3/owners/{ownerId} idProperty": "owners.ts: id (the default) or userId, each pre-rendered",
    ...searched(FILES, [...COMMON, ...FILE_ONLY, ...FILE_FIELDS]),
    ...searched(FOLDERS, COMMON),
    [`${FILES} sort`]: "lists.ts: a file field, `-` before it for descending",
    [`${FOLDERS} sort`]: "lists.ts: a folder field, `-` before it for descending",
  },
  refused: {},
  ignored: {
    "/files/v3/files/{fileId}/signed-url size": "only images are resized: every file of this portal is a document (files.ts)",
    "/files/v3/files/{fileId}/signed-url upscale": "only images are resized: every file of this portal is a document (files.ts)",
    locale: "every property label here is English, the only locale this portal has",
  },
  unhandled: {
    properties: SUPERSET,
    associations: SUPERSET,
    "/crm/v3/objects/companies/{companyId} propertiesWithHistory": "a single record always carries every history (objects.ts)",
    "/crm/v3/objects/contacts/{contactId} propertiesWithHistory": "a single record always carries every history (objects.ts)",
    "/crm/v3/objects/tickets/{ticketId} propertiesWithHistory": "a single record always carries every history (objects.ts)",
    "/crm/v3/objects/companies/{companyId} idProperty": "only hs_object_id: another unique property answers 404",
    "/crm/v3/objects/contacts/{contactId} idProperty": "only hs_object_id: another unique property answers 404",
    "/crm/v3/objects/tickets/{ticketId} idProperty": "only hs_object_id: another unique property answers 404",
    "/crm/v3/properties/{objectType} archived": "the live properties answer: no archived property list is rendered",
    "/crm/v3/properties/{objectType}/{propertyName} archived": "the live property answers",
    dataSensitivity: "every property here is non-sensitive, but `sensitive` and `highly_sensitive` still get the full list",
    "/files/v3/files/{fileId}/signed-url expirationSeconds": "the URL's expiresAt is fixed at the as-of",
  },
};
