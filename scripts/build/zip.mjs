// A zip archive of files, deflated, for the WordPress plugin's zip (npm run
// build): Node has no zip writer, and a build may not rely on a `zip` command.
// Only what WordPress's unzip needs: local headers, a central directory, UTF-8
// names, no timestamps of the machine (every entry dated 1980-01-01).
import { deflateRawSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data) {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** `files`: `[name, bytes]` pairs (names with `/`); gives the archive's bytes. */
export function zip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, content] of files) {
    const data = Buffer.from(content);
    const packed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    // Version 2.0, flag 0x0800 (UTF-8 name), deflate, time 0, date 1980-01-01.
    const common = (header) => {
      header.writeUInt16LE(0x0800, 0);
      header.writeUInt16LE(8, 2);
      header.writeUInt16LE(0, 4);
      header.writeUInt16LE(0x21, 6);
      header.writeUInt32LE(crc, 8);
      header.writeUInt32LE(packed.length, 12);
      header.writeUInt32LE(data.length, 16);
      header.writeUInt16LE(nameBytes.length, 20);
      return header;
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    common(local.subarray(6)).writeUInt16LE(0, 22);
    locals.push(local, nameBytes, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    common(central.subarray(8));
    // Unix mode 0644 in the external attributes, made by Unix (3).
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
