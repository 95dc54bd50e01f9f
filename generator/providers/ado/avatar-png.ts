import { createHash } from "node:crypto";

/**
 * A person's (or team's) avatar: a 32x32 PNG of one colour keyed by the identity id, so the same identity
 * gets the same bytes from `GraphProfile/MemberAvatars/{descriptor}` and `_api/_common/identityImage?id=`.
 * Written by hand (stored deflate blocks, no zlib), so the bytes do not depend on a zlib build. The
 * picture is a plain square, not the service's initials.
 */
export function avatarPng(identityId: string): Buffer {
  const h = createHash("sha256").update(`ado/avatar/${identityId}`).digest();
  const rgb = [0x40 + (h[0]! % 0x80), 0x40 + (h[1]! % 0x80), 0x40 + (h[2]! % 0x80)];
  const size = 32;
  const row = [0, ...Array.from({ length: size }, () => rgb).flat()];
  const raw = Buffer.from(Array.from({ length: size }, () => row).flat());
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit truecolour, deflate, no filter method variants, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlibStored(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A zlib stream of stored (uncompressed) blocks of at most 65535 bytes, with its Adler-32. */
function zlibStored(data: Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from([0x78, 0x01])];
  for (let at = 0; at < data.length || at === 0; at += 65535) {
    const block = data.subarray(at, at + 65535);
    const head = Buffer.alloc(5);
    head[0] = at + 65535 >= data.length ? 1 : 0;
    head.writeUInt16LE(block.length, 1);
    head.writeUInt16LE(~block.length & 0xffff, 3);
    parts.push(head, block);
    if (data.length === 0) break;
  }
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((b << 16) | a) >>> 0, 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}
