/** A catalog.yaml that cannot be used. The message names the entry and, where known, the line. */
export class CatalogError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line: number | undefined,
  ) {
    super(line === undefined ? `${file}: ${message}` : `${file}:${line}: ${message}`);
    this.name = "CatalogError";
  }
}
