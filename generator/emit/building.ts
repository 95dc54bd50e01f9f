import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BUILDING_FILE, type BuildingNote } from "../format/dist.js";

/**
 * Says which pins are being built into `dist` by this process (format/dist.ts BuildingNote), replaced
 * atomically as each one lands; an empty list removes the note.
 */
export function writeBuildingNote(dist: string, pins: string[]): void {
  const file = join(dist, BUILDING_FILE);
  if (!pins.length) return rmSync(file, { force: true });
  const note: BuildingNote = { pid: process.pid, pins: [...pins].sort() };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(note)}\n`);
  renameSync(`${file}.tmp`, file);
}
