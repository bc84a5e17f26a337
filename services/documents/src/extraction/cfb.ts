/**
 * Just enough of the Compound File Binary format (MS-CFB) to list the stream names in a file, so a Word 97-2003
 * document (a `WordDocument` stream) is told apart from an .xls, .msi or .msg, which share the container.
 * Runs on the main thread against untrusted bytes, so every walk is bounded and every offset checked.
 */
const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const MAX_REGULAR_SECTOR = 0xfffffffa;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_SIZE = 128;
const STREAM = 2;

export function listCompoundFileStreams(bytes: Uint8Array): string[] | undefined {
  if (bytes.length < 512 || SIGNATURE.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return undefined;
  const sectorSize = 1 << shift;
  const sectorCount = Math.floor(bytes.length / sectorSize) - 1;
  const sectorOffset = (sector: number): number | undefined =>
    sector <= MAX_REGULAR_SECTOR && sector < sectorCount ? (sector + 1) * sectorSize : undefined;

  const fatSectors = readFatSectorList(view, sectorSize, sectorOffset);
  const perSector = sectorSize / 4;
  const next = (sector: number): number | undefined => {
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    const base = fatSector === undefined ? undefined : sectorOffset(fatSector);
    return base === undefined ? undefined : view.getUint32(base + (sector % perSector) * 4, true);
  };

  const names: string[] = [];
  const seen = new Set<number>();
  for (let sector = view.getUint32(0x30, true); sector !== END_OF_CHAIN;) {
    const base = sectorOffset(sector);
    if (base === undefined || seen.has(sector)) break; // truncated file or a cycle: keep what was read
    seen.add(sector);
    for (let entry = base; entry < base + sectorSize; entry += DIRECTORY_ENTRY_SIZE) {
      const nameLength = view.getUint16(entry + 0x40, true);
      if (view.getUint8(entry + 0x42) !== STREAM || nameLength < 2 || nameLength > 64) continue;
      names.push(new TextDecoder('utf-16le').decode(bytes.subarray(entry, entry + nameLength - 2)));
    }
    const following = next(sector);
    if (following === undefined) break;
    sector = following;
  }
  return names;
}

/** The FAT's own sectors: up to 109 listed in the header, the rest in the DIFAT chain. */
function readFatSectorList(
  view: DataView,
  sectorSize: number,
  sectorOffset: (sector: number) => number | undefined,
): number[] {
  const count = view.getUint32(0x2c, true);
  const list: number[] = [];
  for (let i = 0; i < Math.min(count, HEADER_DIFAT_ENTRIES); i++) list.push(view.getUint32(0x4c + i * 4, true));
  const seen = new Set<number>();
  for (let sector = view.getUint32(0x44, true); list.length < count && sector !== END_OF_CHAIN;) {
    const base = sectorOffset(sector);
    if (base === undefined || seen.has(sector)) break;
    seen.add(sector);
    const entries = sectorSize / 4 - 1;
    for (let i = 0; i < entries && list.length < count; i++) list.push(view.getUint32(base + i * 4, true));
    sector = view.getUint32(base + entries * 4, true);
  }
  return list;
}

export function isWordBinary(bytes: Uint8Array): boolean {
  return listCompoundFileStreams(bytes)?.includes('WordDocument') ?? false;
}
