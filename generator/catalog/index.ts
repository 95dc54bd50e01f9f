export { loadCatalog, parseCatalog } from "./load.js";
export { CatalogError } from "./errors.js";
export { parsePinName, type PinName } from "./pin-name.js";
export type { Catalog, Generation, Pin } from "./types.js";
