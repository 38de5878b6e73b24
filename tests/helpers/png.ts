/** Reads a PNG's size from its header (signature, then IHDR), so tests check what the file really is. */
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height of a PNG; throws when the bytes are not one. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 24 || !buf.subarray(0, 8).equals(SIGNATURE) || buf.toString('latin1', 12, 16) !== 'IHDR') throw new Error('não é um PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
