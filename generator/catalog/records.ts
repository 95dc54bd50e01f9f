import type { Catalog, Pin } from "./types.js";

/** Human names of the live prefixes, from the providers' manifests. */
export type ProviderNames = Record<string, string>;

/** One pin as the catalog API, the MCP tool and the catalog page describe it. */
export interface SnapshotRecord {
  pin: string;
  provider: string;
  provider_name: string;
  generation: number;
  api_version: string;
  files: boolean;
  /** The frozen clock of the pin's universe. */
  as_of: string;
  /** Where a client points its SDK: the pin's public origin. */
  base_url: string;
  /** The production host of the pin. */
  host: string;
  /** False while the provider's generator has not landed: the pin is in the catalog but not served. */
  available: boolean;
}

export interface LiveHostRecord {
  prefix: string;
  provider_name: string;
  host: string;
  /** Where a client points its SDK: the live host's public origin (`…/<prefix>` in path style). */
  base_url: string;
}

export function snapshotRecords(
  catalog: Catalog,
  options: { baseUrl: (pin: Pin) => string; available: (pin: Pin) => boolean; names: ProviderNames },
): SnapshotRecord[] {
  return catalog.pins.map((pin) => ({
    pin: pin.name,
    provider: pin.provider,
    provider_name: options.names[pin.provider] ?? pin.provider,
    generation: pin.generation,
    api_version: pin.apiVersion,
    files: pin.files,
    as_of: catalog.generations.get(pin.generation)!.asOf,
    base_url: options.baseUrl(pin),
    host: `${pin.name}.snap.${catalog.serviceDomain}`,
    available: options.available(pin),
  }));
}

export function liveHostRecords(catalog: Catalog, names: ProviderNames, baseUrl: (prefix: string) => string): LiveHostRecord[] {
  return catalog.livePrefixes.map((prefix) => ({
    prefix,
    provider_name: names[prefix] ?? prefix,
    host: `${prefix}.${catalog.serviceDomain}`,
    base_url: baseUrl(prefix),
  }));
}

export interface SnapshotFilter {
  provider?: string | undefined;
  generation?: number | undefined;
  files?: boolean | undefined;
  pin?: string | undefined;
}

export function filterRecords(records: SnapshotRecord[], f: SnapshotFilter): SnapshotRecord[] {
  return records.filter(
    (r) =>
      (f.provider === undefined || r.provider === f.provider) &&
      (f.generation === undefined || r.generation === f.generation) &&
      (f.files === undefined || r.files === f.files) &&
      (f.pin === undefined || r.pin === f.pin),
  );
}
